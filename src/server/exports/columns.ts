// The columns an export may carry, per resource: the `attributes` whitelist (the client sends the
// visible columns in order, by the field names of spec §3), each as SQL text for the CSV and XLSX
// jobs (`sql`) and as a getter of the flat record for the PDF (`get`; the flat record, not the
// nested entity, so no object more per row).
import { SAMPLE_KEY_SEPARATOR, formatSampleKey } from '../../domain/ids';
import type { AnalysisRecord } from '../repositories/analysis';
import type { SampleRecord } from '../repositories/samples';
import { HttpError } from '../http/errors';

export type ExportResource = 'analysis' | 'samples';
/** int: whole number; dec: measured value; time: lab date-time text; text: free or coded text. */
export type ColumnKind = 'int' | 'dec' | 'time' | 'text';
export type CellValue = string | number | null;

export interface ExportColumn<R> {
  /** Canonical attribute name (spec §3). */
  key: string;
  /** Header cell text. */
  header: string;
  kind: ColumnKind;
  get: (row: R) => CellValue;
  /** Approximate share of the PDF width. */
  width: number;
  /**
   * The cell as SQL text (null stays null) over the export query's tables (a, s, bp): CSV and XLSX
   * stream exactly the requested cells, already text, instead of whole records. Numeric text keeps
   * its scale ('17.40'); the writers trim it as decimalText would.
   */
  sql: string;
}

/**
 * A column as SQL text. Lab times: timestamp(0) under DateStyle ISO (both databases set it) is
 * 'YYYY-MM-DD HH:mm:ss'; numbers keep their scale.
 */
const asText = (ref: string): string => `${ref}::text`;
const BOX_POS = `bp.b_id || '/' || bp.box_pos_id`;

const boxPos = (r: { bId: string | null; boxPosId: number | null }): string | null =>
  r.bId === null || r.boxPosId === null ? null : `${r.bId}/${r.boxPosId}`;

/** The fields of a record that are a cell as they are. */
type CellField<R> = { [K in keyof R]: R[K] extends CellValue ? K : never }[keyof R];
/** key, header, kind, width, sql, and the record field read as is or a getter. */
type ColumnRow<R> = readonly [string, string, ColumnKind, number, string, CellField<R> | ((row: R) => CellValue)];

const columns = <R>(rows: readonly ColumnRow<R>[]): readonly ExportColumn<R>[] =>
  rows.map(([key, header, kind, width, sql, read]) => ({
    key,
    header,
    kind,
    width,
    sql,
    get: typeof read === 'function' ? read : (row: R) => row[read] as CellValue,
  }));

type A = AnalysisRecord;
export const ANALYSIS_COLUMNS = columns<A>([
  ['aId', 'aId', 'int', 7, asText('a.a_id'), 'aId'],
  ['sample.sampleId.sId', 'SampleID', 'text', 11, 'a.s_id', 'sId'],
  ['sample.sampleId.sStamp', 'SampleTime', 'time', 14, asText('a.s_stamp'), 'sStamp'],
  ['sample.name', 'Name', 'text', 9, 's.name', 'name'],
  ['sample.weightNet', 'WeightNet', 'dec', 7, asText('s.weight_net'), 'weightNet'],
  ['sample.weightBru', 'WeightBru', 'dec', 7, asText('s.weight_bru'), 'weightBru'],
  ['sample.boxPos', 'BoxPos', 'text', 7, BOX_POS, boxPos],
  ['aFlags', 'aFlags', 'text', 7, 'a.a_flags', 'aFlags'],
  ['dateIn', 'DateIn', 'time', 14, asText('a.date_in'), 'dateIn'],
  ['dateOut', 'DateOut', 'time', 14, asText('a.date_out'), 'dateOut'],
  ['pol', 'Pol', 'dec', 6, asText('a.pol'), 'pol'],
  ['nat', 'Nat', 'dec', 6, asText('a.nat'), 'nat'],
  ['kal', 'Kal', 'dec', 6, asText('a.kal'), 'kal'],
  ['an', 'An', 'dec', 6, asText('a.an'), 'an'],
  ['glu', 'Glu', 'dec', 6, asText('a.glu'), 'glu'],
  ['dry', 'Dry', 'dec', 6, asText('a.dry'), 'dry'],
  ['weightMea', 'WeightMea', 'dec', 7, asText('a.weight_mea'), 'weightMea'],
  ['weightNrm', 'WeightNrm', 'dec', 7, asText('a.weight_nrm'), 'weightNrm'],
  ['weightCur', 'WeightCur', 'dec', 7, asText('a.weight_cur'), 'weightCur'],
  ['weightDif', 'WeightDif', 'dec', 7, asText('a.weight_dif'), 'weightDif'],
  ['density', 'Density', 'dec', 7, asText('a.density'), 'density'],
  ['lane', 'Lane', 'int', 4, asText('a.lane'), 'lane'],
  ['comment', 'Comment', 'text', 14, 'a.comment', 'comment'],
  ['dateExported', 'DateExported', 'time', 14, asText('a.date_exported'), 'dateExported'],
]);

/** Other spellings the client's table uses for the same columns (as the view's sort aliases). */
const ANALYSIS_ALIASES: Readonly<Record<string, string>> = {
  sId: 'sample.sampleId.sId',
  sStamp: 'sample.sampleId.sStamp',
  'sampleId.sId': 'sample.sampleId.sId',
  'sampleId.sStamp': 'sample.sampleId.sStamp',
  'sample.sId': 'sample.sampleId.sId',
  'sample.sStamp': 'sample.sampleId.sStamp',
  name: 'sample.name',
  weightNet: 'sample.weightNet',
  weightBru: 'sample.weightBru',
  boxPos: 'sample.boxPos',
};

type S = SampleRecord;
export const SAMPLE_COLUMNS = columns<S>([
  [
    'ID',
    'ID',
    'text',
    20,
    // formatSampleKey in SQL.
    `s.s_id || '${SAMPLE_KEY_SEPARATOR}' || ${asText('s.s_stamp')}`,
    (r) => formatSampleKey({ sId: r.sId, sStamp: r.sStamp }),
  ],
  ['sampleId.sId', 'SampleID', 'text', 11, 's.s_id', 'sId'],
  ['sampleId.sStamp', 'SampleTime', 'time', 14, asText('s.s_stamp'), 'sStamp'],
  ['name', 'Name', 'text', 9, 's.name', 'name'],
  ['weightNet', 'WeightNet', 'dec', 7, asText('s.weight_net'), 'weightNet'],
  ['weightBru', 'WeightBru', 'dec', 7, asText('s.weight_bru'), 'weightBru'],
  ['weightTar', 'WeightTar', 'dec', 7, asText('s.weight_tar'), 'weightTar'],
  ['quantity', 'Quantity', 'dec', 7, asText('s.quantity'), 'quantity'],
  ['distance', 'Distance', 'dec', 7, asText('s.distance'), 'distance'],
  ['dateCrumbled', 'DateCrumbled', 'time', 14, asText('s.date_crumbled'), 'dateCrumbled'],
  ['sFlags', 'sFlags', 'text', 7, 's.s_flags', 'sFlags'],
  ['lane', 'Lane', 'int', 4, asText('s.lane'), 'lane'],
  ['comment', 'Comment', 'text', 14, 's.comment', 'comment'],
  ['dateExported', 'DateExported', 'time', 14, asText('s.date_exported'), 'dateExported'],
  ['boxPos', 'BoxPos', 'text', 7, BOX_POS, boxPos],
]);

const SAMPLE_ALIASES: Readonly<Record<string, string>> = {
  sId: 'sampleId.sId',
  sStamp: 'sampleId.sStamp',
  'sample.boxPos': 'boxPos',
};

export const MAX_ATTRIBUTES = 64;
export const attributesMessage = (name: string): string => `Unknown export attribute '${name}'`;

/**
 * The columns for `attributes` (comma list, in the client's order). Empty → every column. Unknown
 * names are a 400 (never looked up as a property of the row); a repeated column is kept once.
 */
export const resolveColumns = <R>(
  resource: ExportResource,
  attributes: readonly string[],
): ExportColumn<R>[] => {
  const all = (resource === 'analysis' ? ANALYSIS_COLUMNS : SAMPLE_COLUMNS) as readonly ExportColumn<R>[];
  const aliases = resource === 'analysis' ? ANALYSIS_ALIASES : SAMPLE_ALIASES;
  if (attributes.length === 0) return [...all];
  if (attributes.length > MAX_ATTRIBUTES) throw new HttpError(400, 'Too many export attributes');
  const byKey = new Map(all.map((c) => [c.key, c]));
  const out: ExportColumn<R>[] = [];
  for (const raw of attributes) {
    const name = Object.hasOwn(aliases, raw) ? aliases[raw]! : raw;
    const column = byKey.get(name);
    if (!column)
      throw new HttpError(400, attributesMessage(raw.slice(0, 40)), [attributesMessage(raw.slice(0, 40))]);
    if (!out.includes(column)) out.push(column);
  }
  return out;
};

export const parseAttributes = (raw: string | undefined): string[] =>
  raw === undefined || raw.trim() === ''
    ? []
    : raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
