// The 'sample' sync (docs/sync.md): samples as the scale or the crusher reports them, upserted by
// (sId, sStamp). Columns missing from the header keep their stored values (and get the defaults on a
// new sample); an empty cell clears the value. A file imported twice changes nothing.
import { sql, type Kysely } from 'kysely';
import { LANE_MESSAGE, SFLAGS_MESSAGE, SID_MESSAGE } from '../../../domain/messages';
import { SFLAGS_PATTERN, SID_PATTERN } from '../../../domain/rules/fields';
import type { Database } from '../../db/database';
import { IMPORT_COLUMNS, SAMPLE_COLUMN_TYPES } from '../../services/samples-import';
import { cellDateTime, cellInt, cellNumber, cellPattern, cellText, LineError } from '../csv';
import { asText, chunks, lastOfEachKey, snake, type Importer } from './shared';

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
    const present = OPTIONAL.filter((c) => columns.has(c.toLowerCase()));
    for (const part of chunks(lines)) await writeChunk(trx, part, present);
    return lines.length;
  },
};

async function writeChunk(trx: Kysely<Database>, lines: SampleLine[], present: string[]) {
  // sFlags and lane are not null: an empty cell there means the default.
  const cols = ['sId', 'sStamp', ...present];
  const names = cols.map(snake);
  const arrays = cols.map((c) => lines.map((l) => l[c as keyof SampleLine]));
  const types = cols.map((c) => SAMPLE_COLUMN_TYPES[c as keyof typeof SAMPLE_COLUMN_TYPES]);
  const valueOf = (c: string) =>
    c === 'sFlags' ? sql`coalesce(u.s_flags, '-----')` : c === 'lane' ? sql`coalesce(u.lane, 1)` : sql`u.${sql.ref(snake(c))}`;
  const updates = present.map((c) => sql`${sql.ref(snake(c))} = excluded.${sql.ref(snake(c))}`);
  await sql`
    insert into sample (${sql.join(names.map((n) => sql.ref(n)))})
    select ${sql.join(cols.map(valueOf))}
    from unnest(${sql.join(arrays.map((arr, i) => sql`${arr}::${sql.raw(types[i]!)}[]`))}) as u(${sql.join(
      names.map((n) => sql.ref(n)),
    )})
    on conflict (s_id, s_stamp) do ${updates.length > 0 ? sql`update set ${sql.join(updates)}` : sql`nothing`}`.execute(
    trx,
  );
}
