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

/** Lab times as text: timestamp(0) under DateStyle ISO (both databases set it) is 'YYYY-MM-DD HH:mm:ss'. */
const t = (ref: string): string => `${ref}::text`;
const n = (ref: string): string => `${ref}::text`;
const BOX_POS = `bp.b_id || '/' || bp.box_pos_id`;

const boxPos = (r: { bId: string | null; boxPosId: number | null }): string | null =>
  r.bId === null || r.boxPosId === null ? null : `${r.bId}/${r.boxPosId}`;

type A = AnalysisRecord;
export const ANALYSIS_COLUMNS: readonly ExportColumn<A>[] = [
  { key: 'aId', header: 'aId', kind: 'int', get: (r: A) => r.aId, width: 7, sql: n('a.a_id') },
  {
    key: 'sample.sampleId.sId',
    header: 'SampleID',
    kind: 'text',
    get: (r: A) => r.sId,
    width: 11,
    sql: 'a.s_id',
  },
  {
    key: 'sample.sampleId.sStamp',
    header: 'SampleTime',
    kind: 'time',
    get: (r: A) => r.sStamp,
    width: 14,
    sql: t('a.s_stamp'),
  },
  { key: 'sample.name', header: 'Name', kind: 'text', get: (r: A) => r.name, width: 9, sql: 's.name' },
  {
    key: 'sample.weightNet',
    header: 'WeightNet',
    kind: 'dec',
    get: (r: A) => r.weightNet,
    width: 7,
    sql: n('s.weight_net'),
  },
  {
    key: 'sample.weightBru',
    header: 'WeightBru',
    kind: 'dec',
    get: (r: A) => r.weightBru,
    width: 7,
    sql: n('s.weight_bru'),
  },
  { key: 'sample.boxPos', header: 'BoxPos', kind: 'text', get: boxPos, width: 7, sql: BOX_POS },
  { key: 'aFlags', header: 'aFlags', kind: 'text', get: (r: A) => r.aFlags, width: 7, sql: 'a.a_flags' },
  { key: 'dateIn', header: 'DateIn', kind: 'time', get: (r: A) => r.dateIn, width: 14, sql: t('a.date_in') },
  {
    key: 'dateOut',
    header: 'DateOut',
    kind: 'time',
    get: (r: A) => r.dateOut,
    width: 14,
    sql: t('a.date_out'),
  },
  { key: 'pol', header: 'Pol', kind: 'dec', get: (r: A) => r.pol, width: 6, sql: n('a.pol') },
  { key: 'nat', header: 'Nat', kind: 'dec', get: (r: A) => r.nat, width: 6, sql: n('a.nat') },
  { key: 'kal', header: 'Kal', kind: 'dec', get: (r: A) => r.kal, width: 6, sql: n('a.kal') },
  { key: 'an', header: 'An', kind: 'dec', get: (r: A) => r.an, width: 6, sql: n('a.an') },
  { key: 'glu', header: 'Glu', kind: 'dec', get: (r: A) => r.glu, width: 6, sql: n('a.glu') },
  { key: 'dry', header: 'Dry', kind: 'dec', get: (r: A) => r.dry, width: 6, sql: n('a.dry') },
  {
    key: 'weightMea',
    header: 'WeightMea',
    kind: 'dec',
    get: (r: A) => r.weightMea,
    width: 7,
    sql: n('a.weight_mea'),
  },
  {
    key: 'weightNrm',
    header: 'WeightNrm',
    kind: 'dec',
    get: (r: A) => r.weightNrm,
    width: 7,
    sql: n('a.weight_nrm'),
  },
  {
    key: 'weightCur',
    header: 'WeightCur',
    kind: 'dec',
    get: (r: A) => r.weightCur,
    width: 7,
    sql: n('a.weight_cur'),
  },
  {
    key: 'weightDif',
    header: 'WeightDif',
    kind: 'dec',
    get: (r: A) => r.weightDif,
    width: 7,
    sql: n('a.weight_dif'),
  },
  { key: 'density', header: 'Density', kind: 'dec', get: (r: A) => r.density, width: 7, sql: n('a.density') },
  { key: 'lane', header: 'Lane', kind: 'int', get: (r: A) => r.lane, width: 4, sql: n('a.lane') },
  { key: 'comment', header: 'Comment', kind: 'text', get: (r: A) => r.comment, width: 14, sql: 'a.comment' },
  {
    key: 'dateExported',
    header: 'DateExported',
    kind: 'time',
    get: (r: A) => r.dateExported,
    width: 14,
    sql: t('a.date_exported'),
  },
];

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
export const SAMPLE_COLUMNS: readonly ExportColumn<S>[] = [
  {
    key: 'ID',
    header: 'ID',
    kind: 'text',
    get: (r: S) => formatSampleKey({ sId: r.sId, sStamp: r.sStamp }),
    width: 20,
    // formatSampleKey in SQL.
    sql: `s.s_id || '${SAMPLE_KEY_SEPARATOR}' || ${t('s.s_stamp')}`,
  },
  { key: 'sampleId.sId', header: 'SampleID', kind: 'text', get: (r: S) => r.sId, width: 11, sql: 's.s_id' },
  {
    key: 'sampleId.sStamp',
    header: 'SampleTime',
    kind: 'time',
    get: (r: S) => r.sStamp,
    width: 14,
    sql: t('s.s_stamp'),
  },
  { key: 'name', header: 'Name', kind: 'text', get: (r: S) => r.name, width: 9, sql: 's.name' },
  {
    key: 'weightNet',
    header: 'WeightNet',
    kind: 'dec',
    get: (r: S) => r.weightNet,
    width: 7,
    sql: n('s.weight_net'),
  },
  {
    key: 'weightBru',
    header: 'WeightBru',
    kind: 'dec',
    get: (r: S) => r.weightBru,
    width: 7,
    sql: n('s.weight_bru'),
  },
  {
    key: 'weightTar',
    header: 'WeightTar',
    kind: 'dec',
    get: (r: S) => r.weightTar,
    width: 7,
    sql: n('s.weight_tar'),
  },
  {
    key: 'quantity',
    header: 'Quantity',
    kind: 'dec',
    get: (r: S) => r.quantity,
    width: 7,
    sql: n('s.quantity'),
  },
  {
    key: 'distance',
    header: 'Distance',
    kind: 'dec',
    get: (r: S) => r.distance,
    width: 7,
    sql: n('s.distance'),
  },
  {
    key: 'dateCrumbled',
    header: 'DateCrumbled',
    kind: 'time',
    get: (r: S) => r.dateCrumbled,
    width: 14,
    sql: t('s.date_crumbled'),
  },
  { key: 'sFlags', header: 'sFlags', kind: 'text', get: (r: S) => r.sFlags, width: 7, sql: 's.s_flags' },
  { key: 'lane', header: 'Lane', kind: 'int', get: (r: S) => r.lane, width: 4, sql: n('s.lane') },
  { key: 'comment', header: 'Comment', kind: 'text', get: (r: S) => r.comment, width: 14, sql: 's.comment' },
  {
    key: 'dateExported',
    header: 'DateExported',
    kind: 'time',
    get: (r: S) => r.dateExported,
    width: 14,
    sql: t('s.date_exported'),
  },
  { key: 'boxPos', header: 'BoxPos', kind: 'text', get: boxPos, width: 7, sql: BOX_POS },
];

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
