// The columns an export may carry, per resource: the `attributes` whitelist (the client sends the
// visible columns in order, by the field names of spec §3), each as SQL text for the CSV and XLSX
// jobs (`sql`) and as a getter of the flat record for the PDF (`get`; the flat record, not the
// nested entity, so no object more per row).
import { ANALYSIS_REGISTRY } from '../../domain/columns/analysis';
import {
  exportHeaderOf,
  keyAliases,
  type ColumnFormat,
  type ColumnRegistry,
} from '../../domain/columns/registry';
import { SAMPLES_REGISTRY } from '../../domain/columns/samples';
import { SAMPLE_KEY_SEPARATOR, formatSampleKey } from '../../domain/ids';
import type { AnalysisRecord } from '../repositories/analysis';
import type { SampleRecord } from '../repositories/samples';
import { HttpError } from '../http/errors';

export type ExportResource = 'analysis' | 'samples';
/** The registry's format of the column (src/domain/columns/registry.ts). */
export type ColumnKind = ColumnFormat;
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
/** Per registry field id: the cell as SQL text, and the record field read as is or a getter. */
type Sources<R> = Readonly<Record<string, readonly [string, CellField<R> | ((row: R) => CellValue)]>>;

/**
 * The export columns of a registry (src/domain/columns): key, header and widths from the registry,
 * the SQL and the flat record's getter from `sources`. A field without a source is a programming
 * error, caught when the module loads (and by the export tests).
 */
const columns = <R>(registry: ColumnRegistry<unknown>, sources: Sources<R>): readonly ExportColumn<R>[] =>
  registry.fields.map((field) => {
    const source = sources[field.id];
    if (!source) throw new Error(`No export source for the field '${field.id}'`);
    const [sql, read] = source;
    return {
      key: field.key,
      header: exportHeaderOf(field),
      kind: field.format,
      width: field.pdfWidth,
      sql,
      get: typeof read === 'function' ? read : (row: R) => row[read] as CellValue,
    };
  });

type A = AnalysisRecord;
export const ANALYSIS_COLUMNS = columns<A>(ANALYSIS_REGISTRY as ColumnRegistry<unknown>, {
  aId: [asText('a.a_id'), 'aId'],
  sId: ['a.s_id', 'sId'],
  sStamp: [asText('a.s_stamp'), 'sStamp'],
  name: ['s.name', 'name'],
  weightNet: [asText('s.weight_net'), 'weightNet'],
  weightBru: [asText('s.weight_bru'), 'weightBru'],
  boxPos: [BOX_POS, boxPos],
  aFlags: ['a.a_flags', 'aFlags'],
  dateIn: [asText('a.date_in'), 'dateIn'],
  dateOut: [asText('a.date_out'), 'dateOut'],
  pol: [asText('a.pol'), 'pol'],
  nat: [asText('a.nat'), 'nat'],
  kal: [asText('a.kal'), 'kal'],
  an: [asText('a.an'), 'an'],
  glu: [asText('a.glu'), 'glu'],
  dry: [asText('a.dry'), 'dry'],
  weightMea: [asText('a.weight_mea'), 'weightMea'],
  weightNrm: [asText('a.weight_nrm'), 'weightNrm'],
  weightCur: [asText('a.weight_cur'), 'weightCur'],
  weightDif: [asText('a.weight_dif'), 'weightDif'],
  density: [asText('a.density'), 'density'],
  lane: [asText('a.lane'), 'lane'],
  comment: ['a.comment', 'comment'],
  dateExported: [asText('a.date_exported'), 'dateExported'],
});

type S = SampleRecord;
export const SAMPLE_COLUMNS = columns<S>(SAMPLES_REGISTRY as ColumnRegistry<unknown>, {
  // formatSampleKey in SQL.
  ID: [
    `s.s_id || '${SAMPLE_KEY_SEPARATOR}' || ${asText('s.s_stamp')}`,
    (r) => formatSampleKey({ sId: r.sId, sStamp: r.sStamp }),
  ],
  sId: ['s.s_id', 'sId'],
  sStamp: [asText('s.s_stamp'), 'sStamp'],
  name: ['s.name', 'name'],
  weightNet: [asText('s.weight_net'), 'weightNet'],
  weightBru: [asText('s.weight_bru'), 'weightBru'],
  weightTar: [asText('s.weight_tar'), 'weightTar'],
  quantity: [asText('s.quantity'), 'quantity'],
  distance: [asText('s.distance'), 'distance'],
  dateCrumbled: [asText('s.date_crumbled'), 'dateCrumbled'],
  sFlags: ['s.s_flags', 'sFlags'],
  lane: [asText('s.lane'), 'lane'],
  comment: ['s.comment', 'comment'],
  dateExported: [asText('s.date_exported'), 'dateExported'],
  boxPos: [BOX_POS, boxPos],
});

/** Each resource's columns and their other spellings (the table's ids, the sort keys). */
const COLUMN_SETS: Readonly<
  Record<
    ExportResource,
    { columns: readonly ExportColumn<never>[]; aliases: Readonly<Record<string, string>> }
  >
> = {
  analysis: { columns: ANALYSIS_COLUMNS, aliases: keyAliases(ANALYSIS_REGISTRY) },
  samples: { columns: SAMPLE_COLUMNS, aliases: keyAliases(SAMPLES_REGISTRY) },
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
  const all = COLUMN_SETS[resource].columns as readonly ExportColumn<R>[];
  const { aliases } = COLUMN_SETS[resource];
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
