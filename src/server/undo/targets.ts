// What the undo knows of each audited entity (docs/dev/architecture.md#undo): its table, how an audit
// image names its row, how a stored row looks as an image (the same snapshot the write recorded, so
// the two compare), and which columns an image restores. An entity not listed here is not undoable
// (user accounts: their images hold no password; sync files and imports: their events describe a
// file, not rows).
import { parseSampleKey } from '../../domain/ids';
import type { Database } from '../db/database';
import { toBox } from '../repositories/boxes';
import { toScreen } from '../repositories/screens';

export type Image = Readonly<Record<string, unknown>>;
type Row = Record<string, unknown>;

export interface UndoTarget {
  table: keyof Database;
  /** Whether the table's rows carry a trigger-bumped `version` (then updates go through versionedUpdate). */
  versioned: boolean;
  /**
   * Parents are restored before children and removed after them (a sample before its analyses and
   * box position): 0 for a record, 1 for a row that belongs to one.
   */
  rank: 0 | 1;
  /** The columns naming the row an image (or, for partial images, the event's key) is of; null when neither names one. */
  where: (image: Image, key: string) => Row | null;
  /** A stored row as the audit images it. */
  image: (row: Row) => Image;
  /** The columns an image restores (on update: set; on a re-insert: all of them). */
  columns: (image: Image) => Row;
  /** The rows of other tables that hang on this one (a create is not undone while any exist). */
  children?: readonly { table: keyof Database; on: (where: Row) => Row }[];
}

const pick = (image: Image, names: readonly string[]): Row =>
  Object.fromEntries(names.filter((n) => n in image).map((n) => [n, image[n]]));

const without = (image: Image, names: readonly string[]): Row =>
  Object.fromEntries(Object.entries(image).filter(([n]) => !names.includes(n)));

const SAMPLE_COLUMNS = [
  'sId', 'sStamp', 'name', 'weightNet', 'weightBru', 'weightTar', 'quantity', 'distance', 'dateCrumbled',
  'sFlags', 'lane', 'comment', 'dateExported',
] as const;
const ANALYSIS_COLUMNS = [
  'aId', 'sId', 'sStamp', 'aFlags', 'dateIn', 'dateOut', 'pol', 'nat', 'kal', 'an', 'glu', 'dry', 'weightMea',
  'weightNrm', 'weightCur', 'weightDif', 'density', 'lane', 'comment', 'dateExported',
] as const;

const sampleWhere = (image: Image, key: string): Row | null => {
  if (typeof image['sId'] === 'string' && typeof image['sStamp'] === 'string')
    return { sId: image['sId'], sStamp: image['sStamp'] };
  const parsed = parseSampleKey(key);
  return parsed ? { sId: parsed.sId, sStamp: parsed.sStamp } : null;
};

const sampleChildren = (where: Row): Row => ({ sId: where['sId'], sStamp: where['sStamp'] });

export const UNDO_TARGETS: Readonly<Record<string, UndoTarget>> = {
  sample: {
    table: 'sample',
    versioned: true,
    rank: 0,
    where: sampleWhere,
    image: (row) => row,
    columns: (image) => pick(image, SAMPLE_COLUMNS),
    children: [
      { table: 'analysis', on: sampleChildren },
      { table: 'boxPosition', on: sampleChildren },
    ],
  },
  analysis: {
    table: 'analysis',
    versioned: true,
    rank: 1,
    where: (image, key) => ({ aId: Number(image['aId'] ?? key) }),
    image: (row) => row,
    columns: (image) => pick(image, ANALYSIS_COLUMNS),
  },
  box: {
    table: 'box',
    versioned: true,
    rank: 0,
    where: (image, key) => ({ bId: image['bId'] ?? key }),
    image: (row) => toBox(row as unknown as Parameters<typeof toBox>[0]),
    columns: (image) => pick(image, ['bId', 'name', 'numMax', 'type', 'comment', 'dateExported']),
    children: [{ table: 'boxPosition', on: (where) => ({ bId: where['bId'] }) }],
  },
  /** A position removed with its sample or box (the raw row; a single position's own writes renumber the list and are not undoable). */
  boxPosition: {
    table: 'boxPosition',
    versioned: false,
    rank: 1,
    where: (image) => ('bId' in image ? { bId: image['bId'], boxPosId: image['boxPosId'] } : null),
    image: (row) => row,
    columns: (image) => pick(image, ['bId', 'boxPosId', 'sId', 'sStamp', 'dateExported']),
  },
  screen: {
    table: 'screen',
    versioned: true,
    rank: 0,
    where: (image, key) => ({ scrId: Number(image['scrId'] ?? key) }),
    image: (row) => toScreen(row as unknown as Parameters<typeof toScreen>[0]),
    columns: (image) => pick(image, ['scrId', 'name', 'comment', 'dateCreated']),
    children: [{ table: 'screenItem', on: (where) => ({ scrId: where['scrId'] }) }],
  },
  screenItem: {
    table: 'screenItem',
    versioned: false,
    rank: 1,
    where: (image) => ('scrId' in image ? { scrId: image['scrId'], sId: image['sId'] } : null),
    image: (row) => ({ ...row, scrId: Number(row['scrId']) }),
    columns: (image) => pick(image, ['scrId', 'sId', 'sStamp', 'name']),
  },
  limit: {
    table: 'configLimit',
    versioned: true,
    rank: 0,
    where: (_image, key) => ({ name: key }),
    image: (row) => ({ ...without(row, []), min: String(row['min']), max: String(row['max']) }),
    columns: (image) => pick(image, ['info', 'min', 'max', 'lastModified']),
  },
  setting: {
    table: 'configSetting',
    versioned: true,
    rank: 0,
    where: (_image, key) => ({ name: key }),
    image: (row) => row,
    columns: (image) => ({
      ...pick(image, ['info', 'value', 'lastModified']),
      ...('start' in image ? { startAt: image['start'] } : {}),
      ...('end' in image ? { endAt: image['end'] } : {}),
    }),
  },
  syncConfig: {
    table: 'syncConfig',
    versioned: true,
    rank: 0,
    where: (_image, key) => ({ syncId: key }),
    image: (row) => ({ ...row, syncID: row['syncId'] }),
    columns: (image) => pick(image, ['timeInterval', 'unit']),
  },
};
