// The 'sample' sync (docs/sync.md): samples as the scale or the crusher reports them, upserted by
// (sId, sStamp). Columns missing from the header keep their stored values (and get the defaults on a
// new sample); an empty cell clears the value. A file imported twice changes nothing.
import { sql, type Kysely } from 'kysely';
import { HIDDEN_SLICE } from '../hiddenRun';
import { LANE_MESSAGE, SFLAGS_MESSAGE, SID_MESSAGE } from '../../../domain/messages';
import { SFLAGS_PATTERN, SID_PATTERN } from '../../../domain/rules/fields';
import { copyCsvInto, csvField } from '../../db/copy-csv';
import type { Database } from '../../db/database';
import { IMPORT_COLUMNS, SAMPLE_COLUMN_TYPES } from '../../services/samples-import';
import { cellDateTime, cellInt, cellNumber, cellPattern, cellText, LineError } from '../csv';
import { asText, chunks, countKeyed, lastOfEachKey, snake, type HiddenImporter, type Importer } from './shared';

/** The columns of a sample file: the same layout as the sample upload (docs/sample-import.md). */
export const SAMPLE_COLUMNS = IMPORT_COLUMNS;
const OPTIONAL = SAMPLE_COLUMNS.slice(2);

/** numeric(9,3) weights, numeric(9,2) distance. */
const BOUNDS: Record<string, number> = { weightBru: 1e6, weightTar: 1e6, weightNet: 1e6, distance: 1e7 };

type SampleLine = Record<(typeof SAMPLE_COLUMNS)[number], string | null>;

export const sampleImporter: Importer<SampleLine> = {
  columns: SAMPLE_COLUMNS,
  required: ['sId', 'sStamp'],
  line(r) {
    const num = (c: string) => {
      const n = cellNumber(r, c);
      if (n !== null && Math.abs(n) >= (BOUNDS[c] ?? Infinity)) throw new LineError(r.line, `${c} ${n} is too large`);
      return asText(n);
    };
    const quantity = cellNumber(r, 'quantity');
    if (quantity !== null && (!Number.isInteger(quantity) || quantity < 0 || quantity > 2_147_483_647))
      throw new LineError(r.line, `quantity ${quantity} is not a whole number`);
    return {
      sId: cellPattern(r, 'sId', SID_PATTERN, SID_MESSAGE, true),
      sStamp: cellDateTime(r, 'sStamp', true),
      name: cellText(r, 'name', 64),
      weightBru: num('weightBru'),
      weightTar: num('weightTar'),
      weightNet: num('weightNet'),
      quantity: asText(quantity),
      distance: num('distance'),
      dateCrumbled: cellDateTime(r, 'dateCrumbled'),
      sFlags: cellPattern(r, 'sFlags', SFLAGS_PATTERN, SFLAGS_MESSAGE),
      lane: asText(cellInt(r, 'lane', 0, 3, LANE_MESSAGE)),
      comment: cellText(r, 'comment', 2000),
    };
  },
  async write(trx, all, columns) {
    // One statement cannot upsert a key twice: the later line of a key is the newer one.
    const lines = lastOfEachKey(all, (l) => `${l.sId}|${l.sStamp}`);
    const present = presentOf(columns);
    for (const part of chunks(lines)) await writeChunk(trx, part, present);
    return lines.length;
  },
  hidden: {
    async stage(trx, run, lines) {
      const stage = hiddenStage(run);
      await sql.raw(`create temporary table if not exists ${stage} (
        seq integer generated always as identity, ${SAMPLE_COLUMNS.map((c) => `${snake(c)} ${SAMPLE_COLUMN_TYPES[c]}`).join(', ')})`).execute(trx);
      await copyCsvInto(
        trx,
        `${stage} (${SAMPLE_COLUMNS.map(snake).join(', ')})`,
        lines,
        (l) => SAMPLE_COLUMNS.map((c) => csvField(l[c])).join(','),
      );
    },
    async write(db, run, columns, pacer) {
      const stage = hiddenStage(run);
      // The last line of each key (as one statement's upsert takes it), numbered for the slices.
      // A key in the table already (shown, or another run's) is left to the reveal's upsert (finish).
      await sql.raw(`create temporary table ${stage}_last as
        select row_number() over (order by d.seq) as rn, d.*
        from (select distinct on (s_id, s_stamp) * from ${stage} order by s_id, s_stamp, seq desc) d`).execute(db);
      await sql.raw(`drop table ${stage}`).execute(db);
      await sql.raw(`create index on ${stage}_last (rn)`).execute(db);
      const total = await countKeyed(db, stage);
      const cols = ['sId', 'sStamp', ...presentOf(columns)];
      for (let from = 0; from < total; from += HIDDEN_SLICE) {
        await pacer.step(async (trx) => {
          await sql.raw(`insert into sample_row (${cols.map(snake).join(', ')}, pending)
            select ${cols.map((c) => newValue(c)).join(', ')}, ${run} from ${stage}_last u
            where u.rn > ${from} and u.rn <= ${from + HIDDEN_SLICE}
            on conflict do nothing`).execute(trx);
        }, true);
      }
    },
    async finish(trx, run, columns) {
      // The stored samples the file names: the same upsert as in one transaction, through the view
      // (a sample another run hides meets it as a conflict and is updated and shown, as there).
      const present = presentOf(columns);
      const cols = ['sId', 'sStamp', ...present];
      await sql.raw(`insert into sample (${cols.map(snake).join(', ')})
        select ${cols.map((c) => newValue(c)).join(', ')} from ${hiddenStage(run)}_last u
        where not exists (select 1 from sample_row r where r.pending = ${run} and r.s_id = u.s_id and r.s_stamp = u.s_stamp)
        ${onConflict(present)}`).execute(trx);
      return countKeyed(trx, hiddenStage(run));
    },
    async drop(db, run) {
      await sql.raw(`drop table if exists ${hiddenStage(run)}`).execute(db);
      await sql.raw(`drop table if exists ${hiddenStage(run)}_last`).execute(db);
    },
  } satisfies HiddenImporter<SampleLine>,
};

const hiddenStage = (run: number) => `sync_sample_stage_${run}`;

/** The optional columns the file's header has. */
const presentOf = (columns: ReadonlySet<string>): string[] => OPTIONAL.filter((c) => columns.has(c.toLowerCase()));

/** The upsert's conflict clause: a stored sample takes the file's columns, and only those. */
const onConflict = (present: readonly string[]): string =>
  `on conflict (s_id, s_stamp) do ${present.length > 0 ? `update set ${present.map((c) => `${snake(c)} = excluded.${snake(c)}`).join(', ')}` : 'nothing'}`;

/** A staged column as written: sFlags and lane are not null, an empty cell there means the default. */
const newValue = (c: string): string =>
  c === 'sFlags' ? `coalesce(u.s_flags, '-----')` : c === 'lane' ? `coalesce(u.lane, 1)` : `u.${snake(c)}`;

async function writeChunk(trx: Kysely<Database>, lines: SampleLine[], present: string[]) {
  const cols = ['sId', 'sStamp', ...present];
  const names = cols.map(snake);
  const arrays = cols.map((c) => lines.map((l) => l[c as keyof SampleLine]));
  const types = cols.map((c) => SAMPLE_COLUMN_TYPES[c as keyof typeof SAMPLE_COLUMN_TYPES]);
  const valueOf = (c: string) => sql.raw(newValue(c));
  await sql`
    insert into sample (${sql.join(names.map((n) => sql.ref(n)))})
    select ${sql.join(cols.map(valueOf))}
    from unnest(${sql.join(arrays.map((arr, i) => sql`${arr}::${sql.raw(types[i]!)}[]`))}) as u(${sql.join(
      names.map((n) => sql.ref(n)),
    )})
    ${sql.raw(onConflict(present))}`.execute(trx);
}
