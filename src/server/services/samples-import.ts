// Sample file import (POST /samples/upload; layout in docs/sample-import.md). All or nothing: every
// row is checked first, with the same rules as a sample typed into the form, and one bad row means
// nothing is written; otherwise every row is upserted by (sId, sStamp), shown all at once: in one
// transaction on PostgreSQL, as a hidden run on PGlite (importHidden, below).
//
// Columns missing from the header are left as they are on existing samples (and get the defaults on
// new ones), so a file with only sId;sStamp;weightNet updates the net weights and nothing else.
// Each created or changed sample gets its own audit event (create or update, with before and after),
// like a sample saved from the form, so a sample's history does not depend on how it was entered;
// rows identical to the stored sample are counted as unchanged and not audited.
// The file is read by the one CSV reader of every import (imports/csvReader.ts): UTF-8 (with or
// without BOM), else Windows-1252 as Excel on de-AT saves CSV, with € and „.
import { csvRowsOf, CsvSyntaxError, type CsvRow } from '../imports/csvReader';
import { sql, type Kysely } from 'kysely';
import { DEFAULT_FLAGS } from '../../domain/constants';
import { isSampleIdWrite } from '../../domain/entities/shared';
import { formatSampleKey, type SampleKey } from '../../domain/ids';
import { fileNotImported, fileUploaded } from '../../domain/messages';
import type { LimitBounds } from '../../domain/rules/measurement';
import type { Database, SampleRow } from '../db/database';
import { copyCsvInto, csvField } from '../db/copy-csv';
import { isPGlite } from '../db/create-db';
import { beginHiddenRun, discardRun, HIDDEN_SLICE, ImportPacer, revealRun } from '../sync/hiddenRun';
import { CHUNK } from '../sync/importers/shared';
import { HttpError } from '../http/errors';
import { labTimeText, sampleKeysIn, sampleKeyText } from '../views/sql';
import { loadLimitBounds } from './limits';
import { checkSample, mapDbError, sampleValues, SAMPLE_NUMERIC } from './samples-writes';
import { SAMPLES_RESOURCE } from '../../domain/resources/samples';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Enough to fix a file; a file that is wrong on every row would otherwise answer megabytes. */
export const MAX_REPORTED_ERRORS = 100;
export const IMPORT_EXTENSIONS = ['.csv', '.txt'] as const;

/** The columns of the layout, in the documented order; names match case-insensitively. */
export const IMPORT_COLUMNS = [
  'sId',
  'sStamp',
  'name',
  'weightBru',
  'weightTar',
  'weightNet',
  'quantity',
  'distance',
  'dateCrumbled',
  'sFlags',
  'lane',
  'comment',
] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: readonly ImportColumn[] = ['sId', 'sStamp'];
const NUMERIC_COLUMNS = new Set<string>([...Object.keys(SAMPLE_NUMERIC), 'lane']);

export interface ImportSummary {
  message: string;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
}

export const hasImportExtension = (fileName: string): boolean =>
  IMPORT_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext));

const line = (n: number, message: string): string => `Line ${n}: ${message}`;

/** ';' is the documented separator; a header without one but with ',' or a tab is read with that. */
const detectDelimiter = (bytes: Uint8Array): string => {
  // The header is the first line that is not empty: empty lines before it are skipped like any other.
  const start = Math.max(0, bytes.findIndex((b) => b !== 0x0a && b !== 0x0d));
  const end = bytes.indexOf(0x0a, start);
  // The separators are ASCII: the header's bytes read as Latin-1 show them in any of the encodings.
  const header = Buffer.from(bytes.subarray(start, end < 0 ? bytes.length : end)).toString('latin1');
  if (header.includes(';')) return ';';
  if (header.includes(',')) return ',';
  if (header.includes('\t')) return '\t';
  return ';';
};

/** Decimal comma or dot ('12,5' and '12.5'); no thousands separators. Other text is left for the checks to reject. */
const cellNumber = (text: string): number | string | null => {
  if (text === '') return null;
  if (/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) return Number(text.replace(',', '.'));
  return text;
};

/** One cell as the sample body carries it. */
const cellValue = (column: ImportColumn, text: string): unknown => {
  if (NUMERIC_COLUMNS.has(column)) return cellNumber(text);
  if (column === 'sFlags') return text === '' ? DEFAULT_FLAGS : text;
  if (column === 'sId' || column === 'sStamp') return text;
  return text === '' ? null : text;
};

interface ParsedRow {
  line: number;
  key: SampleKey | undefined;
  body: Record<string, unknown>;
}

interface ParsedFile {
  columns: ImportColumn[];
  rows: ParsedRow[];
  errors: string[];
}

/** Reads the header and the rows as they stream in; errors here are about the file's shape, not the values. */
export const parseImportFile = async (bytes: Uint8Array): Promise<ParsedFile> => {
  let header: CsvRow | undefined;
  const columns: ImportColumn[] = [];
  const rows: ParsedRow[] = [];
  const errors: string[] = [];
  try {
    for await (const batch of csvRowsOf(bytes, { delimiter: detectDelimiter(bytes) })) {
      for (const record of batch) {
        // Spreadsheets append rows of empty cells (';;;;'): they are not samples.
        if (!record.cells.some((cell) => cell !== '')) continue;
        if (!header) {
          header = record;
          readHeader(record, columns, errors);
          if (errors.length > 0) return { columns, rows: [], errors };
        } else {
          const row = parseRow(record, columns, errors);
          if (row) rows.push(row);
        }
      }
    }
  } catch (err) {
    if (!(err instanceof CsvSyntaxError)) throw err;
    return { columns: [], rows: [], errors: [line(err.line, 'the file is not valid CSV')] };
  }
  if (!header) return { columns: [], rows: [], errors: [line(1, 'the file has no header')] };
  if (rows.length === 0 && errors.length === 0)
    return { columns, rows: [], errors: [line(header.line, 'the file holds no samples')] };
  return { columns, rows, errors };
};

const readHeader = (header: CsvRow, columns: ImportColumn[], errors: string[]): void => {
  const byName = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
  for (const name of header.cells) {
    const column = byName.get(name.toLowerCase());
    if (!column) errors.push(line(header.line, `unknown column "${name}"`));
    else if (columns.includes(column)) errors.push(line(header.line, `column ${column} appears twice`));
    else columns.push(column);
  }
  for (const column of REQUIRED) {
    if (!columns.includes(column)) errors.push(line(header.line, `column ${column} is missing`));
  }
};

/** One data row as the sample body carries it, or a shape error (and undefined). */
const parseRow = (
  { line: at, cells: record }: CsvRow,
  columns: readonly ImportColumn[],
  errors: string[],
): ParsedRow | undefined => {
  if (record.length !== columns.length) {
    errors.push(line(at, `expected ${columns.length} values, found ${record.length}`));
    return undefined;
  }
  const body: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    body[column] = cellValue(column, record[i]!);
  });
  const { sId, sStamp, ...rest } = body;
  const sample = { ...rest, sampleId: { sId, sStamp } };
  // Only a valid key is looked up (an invalid one would fail in the query); the row's check (its one
  // zod parse, checkSample) reports it; the key's rules are asked without a parse of their own.
  const candidate = { sId, sStamp };
  const key = isSampleIdWrite(candidate) ? candidate : undefined;
  return { line: at, key, body: sample };
};

const keyText = (k: SampleKey): string => formatSampleKey(k);

/** Keys per lookup: bounds one statement's lock list and result, not its text (arrays are one parameter each). */
const LOOKUP_CHUNK = 5000;

/**
 * The stored samples among the file's keys, locked for the upsert. The keys travel as two arrays
 * (views/sql.ts sampleKeysIn): a `(s_id, s_stamp) in ((…), (…))` list of a few hundred pairs made
 * PGlite answer wrongly and then fail; arrays are two parameters whatever the file's size.
 */
const loadExisting = async (
  trx: Kysely<Database>,
  keys: readonly SampleKey[],
): Promise<Map<string, SampleRow>> => {
  const existing = new Map<string, SampleRow>();
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    const chunk = keys.slice(i, i + LOOKUP_CHUNK);
    const rows = await trx
      .selectFrom('sample as s')
      .selectAll('s')
      .where(sampleKeysIn(chunk, 's.s_id', 's.s_stamp'))
      .forUpdate()
      .execute();
    for (const r of rows) existing.set(keyText(r), r);
  }
  return existing;
};

/** Checks every row with the form's rules; messages carry the row's line number. */
const checkRows = (
  rows: readonly ParsedRow[],
  columns: readonly ImportColumn[],
  limits: readonly LimitBounds[],
  existing: ReadonlyMap<string, SampleRow>,
) => {
  const errors: string[] = [];
  const seen = new Map<string, number>();
  const valid: { row: ParsedRow; values: ReturnType<typeof sampleValues>; before: SampleRow | undefined }[] =
    [];
  for (const row of rows) {
    const before = row.key ? existing.get(keyText(row.key)) : undefined;
    // Absent columns keep the stored value, so they are filled from it (or the form's defaults) for the check.
    const filled = { ...fillAbsent(columns, before), ...row.body };
    const { value, errors: rowErrors } = checkSample(filled, limits, before ?? null);
    errors.push(...rowErrors.map((m) => line(row.line, m)));
    if (row.key && value) {
      const k = keyText(row.key);
      const first = seen.get(k);
      if (first !== undefined) errors.push(line(row.line, `sample ${k} is already on line ${first}`));
      else seen.set(k, row.line);
      valid.push({ row, values: sampleValues(value, before?.lane), before });
    }
  }
  return { errors, valid };
};

const fillAbsent = (
  columns: readonly ImportColumn[],
  before: SampleRow | undefined,
): Record<string, unknown> => {
  const out: Record<string, unknown> = { sFlags: before?.sFlags ?? DEFAULT_FLAGS };
  if (!before) return out;
  for (const column of IMPORT_COLUMNS) {
    if (!columns.includes(column) && column !== 'sId' && column !== 'sStamp') {
      out[column] = (before as unknown as Record<string, unknown>)[column];
    }
  }
  return out;
};

/**
 * Validates and imports one file. Throws HttpError 400 with 'Line n: …' messages when any row is
 * bad; nothing is written then (the transaction is rolled back, or on PGlite the hidden run deleted).
 */
export const importSamples = async (
  db: Kysely<Database>,
  actor: string,
  fileName: string,
  bytes: Uint8Array,
  /** Tests: `written` runs once the file's rows are written and not yet shown (committed). */
  hooks: { written?: () => Promise<void> } = {},
): Promise<ImportSummary> => {
  const failed = fileNotImported(fileName);
  const { columns, rows, errors: shapeErrors } = await parseImportFile(bytes);
  const reject = (errors: string[]): HttpError => {
    const shown = errors.slice(0, MAX_REPORTED_ERRORS);
    if (errors.length > shown.length) shown.push(`… and ${errors.length - shown.length} more errors`);
    return new HttpError(400, failed, shown);
  };
  if (shapeErrors.length > 0 && rows.length === 0) throw reject(shapeErrors);
  const keys = rows.flatMap((r) => (r.key ? [r.key] : []));
  /** The rows checked against `existing`; throws the file's errors, the shape's among them. */
  const checked = (limits: readonly LimitBounds[], existing: ReadonlyMap<string, SampleRow>, of: readonly ParsedRow[] = rows) => {
    const { errors, valid } = checkRows(of, columns, limits, existing);
    const all = [...shapeErrors, ...errors].sort((a, b) => lineOf(a) - lineOf(b));
    if (all.length > 0) throw reject(all);
    return valid;
  };
  const file: UploadFile = { actor, fileName, columns, keys, checked, written: hooks.written };
  try {
    if (await isPGlite(db)) return await importHidden(db, file);
    return await db.transaction().execute(async (trx) => {
      const valid = checked(await loadLimitBounds(trx), await loadExisting(trx, keys));
      const audited = await upsertAudited(trx, file, valid.map((v) => v.values));
      await hooks.written?.();
      return summaryOf(file, valid.length, audited);
    });
  } catch (err) {
    throw mapDbError(err, failed);
  }
};

type Checked = ReturnType<typeof checkRows>['valid'];

/** An upload as both ways write it. */
interface UploadFile {
  actor: string;
  fileName: string;
  columns: readonly ImportColumn[];
  keys: readonly SampleKey[];
  checked: (limits: readonly LimitBounds[], existing: ReadonlyMap<string, SampleRow>, of?: readonly ParsedRow[]) => Checked;
  written: (() => Promise<void>) | undefined;
}

/** The answer: how many of the file's samples were created, changed or left as they were. */
const summaryOf = (file: UploadFile, total: number, { created, updated }: Audited): ImportSummary => ({
  message: fileUploaded(file.fileName),
  total,
  created,
  updated,
  unchanged: total - created - updated,
});

/** Whose hidden runs the uploads are (a run left by a killed process is deleted at the next start: serve.ts). */
export const UPLOAD_OWNER = 'upload';

/**
 * On PGlite (its one session): the upload as a hidden run (sync/hiddenRun.ts), so that the pages
 * do not wait for it. The file is checked against the samples as stored; its new samples are
 * written in short transactions that no read sees; then one short transaction checks again the
 * samples stored by then (locked: one changed meanwhile is checked as it is now), upserts them,
 * writes the audit events and shows the new ones.
 */
const importHidden = async (db: Kysely<Database>, file: UploadFile): Promise<ImportSummary> => {
  const valid = file.checked(await loadLimitBounds(db), await loadExisting(db, file.keys));
  const run = await beginHiddenRun(db, UPLOAD_OWNER);
  const stage = `sample_upload_hidden_${run}`;
  try {
    const pacer = new ImportPacer(db);
    const fresh = valid.filter((v) => !v.before).map((v) => v.values);
    await pacer.step(async (trx) => {
      await sql.raw(`create temporary table ${stage} (rn integer generated always as identity, ${STAGE_COLUMNS})`).execute(trx);
    }, false);
    for (let from = 0; from < fresh.length; from += CHUNK) {
      const part = fresh.slice(from, from + CHUNK);
      await pacer.step((trx) => copyCsvInto(trx, `${stage} (${SAMPLE_NAMES.join(', ')})`, part, stageLine), false);
    }
    for (let from = 0; from < fresh.length; from += HIDDEN_SLICE) {
      await pacer.step(async (trx) => {
        // A key someone stored meanwhile is not the run's: the reveal upserts it as a stored one.
        await sql.raw(`insert into sample_row (${SAMPLE_NAMES.join(', ')}, pending)
          select ${SAMPLE_NAMES.join(', ')}, ${run} from ${stage}
          where rn > ${from} and rn <= ${from + HIDDEN_SLICE} on conflict do nothing`).execute(trx);
      }, true);
    }
    await file.written?.();
    return await db.transaction().execute(async (trx) => {
      // The file's new samples that are not the run's: stored meanwhile by another write (shown, or
      // another run's), or taken from the run by one (0016's show_on_update). They are upserted here.
      const { rows: lost } = await sql<SampleKey>`
        select u.s_id as "sId", ${sql.raw(labTimeText('u.s_stamp'))} as "sStamp" from ${sql.table(stage)} u
        where not exists (select 1 from sample_row r where r.pending = ${run} and r.s_id = u.s_id and r.s_stamp = u.s_stamp)`.execute(
        trx.withoutPlugins(),
      );
      const lostKeys = new Set(lost.map(keyText));
      const others = valid.filter((v) => v.before || lostKeys.has(keyText(v.values)));
      const again = file.checked(
        await loadLimitBounds(trx),
        await loadExisting(trx, others.map((v) => v.values)),
        others.map((v) => v.row),
      );
      const own = await auditOwn(trx, file, run);
      const audited = await upsertAudited(trx, file, again.map((v) => v.values));
      await revealRun(trx, run);
      return summaryOf(file, valid.length, { created: own + audited.created, updated: audited.updated });
    });
  } catch (err) {
    await discardRun(db, run).catch(() => undefined);
    throw err;
  } finally {
    await sql.raw(`drop table if exists ${stage}`).execute(db).catch(() => undefined);
  }
};

const lineOf = (message: string): number => Number(/^Line (\d+)/.exec(message)?.[1] ?? 0);

/**
 * The sample table's columns as written, with the type their array parameter is cast to (the upload's
 * upsert here and the sample sync's, sync/importers/sample.ts).
 */
export const SAMPLE_COLUMN_TYPES: Readonly<Record<keyof ReturnType<typeof sampleValues>, string>> = {
  sId: 'text',
  sStamp: 'timestamp',
  name: 'text',
  weightNet: 'numeric',
  weightBru: 'numeric',
  weightTar: 'numeric',
  quantity: 'integer',
  distance: 'numeric',
  dateCrumbled: 'timestamp',
  sFlags: 'text',
  lane: 'smallint',
  comment: 'text',
  dateExported: 'timestamp',
};

/** excluded.<column> is raw SQL, which the CamelCasePlugin does not rename. */
const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const UPLOAD_STAGE = 'sample_upload_stage';
const SAMPLE_COLUMNS_WRITTEN = Object.keys(SAMPLE_COLUMN_TYPES) as (keyof typeof SAMPLE_COLUMN_TYPES)[];
const SAMPLE_NAMES = SAMPLE_COLUMNS_WRITTEN.map(snake);
/** A stage's columns: the sample's written columns with their types. */
const STAGE_COLUMNS = SAMPLE_COLUMNS_WRITTEN.map((n) => `${snake(n)} ${SAMPLE_COLUMN_TYPES[n]}`).join(', ');
/** A sample's values as a line of COPY's CSV, in SAMPLE_NAMES' order. */
const stageLine = (v: ReturnType<typeof sampleValues>): string =>
  SAMPLE_COLUMNS_WRITTEN.map((n) => csvField(v[n] === null || v[n] === undefined ? null : String(v[n]))).join(',');

/** How many samples a write created and changed (each with its audit event). */
interface Audited {
  created: number;
  updated: number;
}

/** The sample view's columns as the server reads them: the written ones and the version. */
const SAMPLE_READ_TYPES: Readonly<Record<keyof SampleRow, string>> = { ...SAMPLE_COLUMN_TYPES, version: 'integer' };

/**
 * A sample row of `alias` as JSON, as the server reads it (db/type-parsers.ts: numeric → number,
 * timestamp → 'YYYY-MM-DD HH:mm:ss'; float8's text is the shortest that reads back, as a JS
 * number's): an audit event's before and after, built by the database rather than read into the
 * server and sent back (20,000 rows each way for a full upload).
 */
const sampleJson = (alias: string): string =>
  `jsonb_build_object(${Object.entries(SAMPLE_READ_TYPES)
    .map(([name, type]) => {
      const column = `${alias}.${snake(name)}`;
      const value =
        type === 'timestamp' ? labTimeText(column) : type === 'numeric' ? `${column}::float8` : column;
      return `'${name}', ${value}`;
    })
    .join(', ')})`;

/** The run's own samples (new, hidden until the reveal): a create event each. */
const auditOwn = async (trx: Kysely<Database>, file: UploadFile, run: number): Promise<number> => {
  const { numAffectedRows } = await sql`insert into audit_event (actor, action, entity, entity_key, before, after)
    select ${file.actor}, 'create', ${SAMPLES_RESOURCE.auditEntity}, ${sql.raw(sampleKeyText('r.s_id', 'r.s_stamp'))}, null, ${sql.raw(sampleJson('r'))}
    from sample_row r where r.pending = ${run}`.execute(trx);
  return Number(numAffectedRows ?? 0);
};

/**
 * Inserts new samples and updates existing ones in one statement whatever the file's size, from a
 * stage filled by COPY (db/copy-csv.ts): the triggers of the report summary and the change events
 * then run once per file, not once per chunk. Only the file's columns are written on update. The
 * same statement writes the audit events, one per created or changed sample (a sample whose values
 * are the stored ones is unchanged: the version trigger leaves it as it was), with the stored row
 * before (its sub-statements all read the table as it was before the statement).
 */
const upsertAudited = async (
  trx: Kysely<Database>,
  file: UploadFile,
  values: readonly ReturnType<typeof sampleValues>[],
): Promise<Audited> => {
  if (values.length === 0) return { created: 0, updated: 0 };
  const names = SAMPLE_NAMES;
  await sql.raw(`create temporary table ${UPLOAD_STAGE} (${STAGE_COLUMNS}) on commit drop`).execute(trx);
  await copyCsvInto(trx, UPLOAD_STAGE, values, stageLine);
  const updateColumns = file.columns.filter((c) => c !== 'sId' && c !== 'sStamp').map(snake);
  const onConflict =
    updateColumns.length === 0 ? 'do nothing' : `do update set ${updateColumns.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  const { rows } = await sql<Audited>`
    with old as (${sql.raw(`select s.* from sample s join ${UPLOAD_STAGE} u on s.s_id = u.s_id and s.s_stamp = u.s_stamp`)}),
    written as (${sql.raw(`insert into sample (${names.join(', ')})
      select ${names.join(', ')} from ${UPLOAD_STAGE}
      on conflict (s_id, s_stamp) ${onConflict}
      returning *`)}),
    events as (
      insert into audit_event (actor, action, entity, entity_key, before, after)
      select ${file.actor}, case when o.s_id is null then 'create' else 'update' end, ${SAMPLES_RESOURCE.auditEntity},
        ${sql.raw(`${sampleKeyText('w.s_id', 'w.s_stamp')}, case when o.s_id is null then null else ${sampleJson('o')} end, ${sampleJson('w')}
      from written w left join old o on o.s_id = w.s_id and o.s_stamp = w.s_stamp
      where o.s_id is null or ${sampleJson('o')} <> ${sampleJson('w')}`)}
      returning action)
    select (count(*) filter (where action = 'create'))::int as created, (count(*) filter (where action = 'update'))::int as updated
    from events`.execute(trx);
  await sql.raw(`drop table ${UPLOAD_STAGE}`).execute(trx);
  return rows[0]!;
};
