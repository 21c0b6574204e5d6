// The value limits of the Limits page (docs/dev/product-rules.md#records, docs/dev/product-rules.md#field-rules Limits) and the one place the write services read
// them from. Limits are a fixed set seeded by the first migration (one per measured value): PUT edits
// an existing limit and never creates one, because a measured value without a limit could then no
// longer be entered by hand at all (docs/dev/product-rules.md#field-rules: "fails if no limit is known").
import { sql, type Kysely } from 'kysely';
import type { Limit, LimitWrite } from '../../domain/entities/limit';
import { betweenMessage, notModified } from '../../domain/messages';
import type { LimitBounds } from '../../domain/rules/measurement';
import { toNumber } from '../../domain/rules/fields';
import type { Database } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { versionedUpdate } from '../repositories/versioned';

type LimitRow = {
  id: number;
  name: string;
  info: string;
  min: number;
  max: number;
  lastModified: string;
  version: number;
};

/** numeric(12,4) in config_limit: anything wider would fail in the database, not with a message. */
const LIMIT_ABS_MAX = 99_999_999.9999;

const toLimit = (row: LimitRow): Limit => ({
  id: row.id,
  name: row.name,
  info: row.info,
  lastModified: row.lastModified,
  // Text numbers (docs/dev/product-rules.md#records). String() of a JS number never uses exponent form in this range.
  min: String(row.min),
  max: String(row.max),
  version: row.version,
});

const limitColumns = ['id', 'name', 'info', 'min', 'max', 'lastModified', 'version'] as const;

export const limitNotFound = (name: string): string => `Error occurred, Limit#${name} was not found!`;

export const listLimits = async (db: Kysely<Database>): Promise<Limit[]> =>
  (await db.selectFrom('configLimit').select(limitColumns).orderBy('id').execute()).map(toLimit);

export const getLimit = async (db: Kysely<Database>, name: string): Promise<Limit> => {
  const row = await db
    .selectFrom('configLimit')
    .select(limitColumns)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, limitNotFound(name));
  return toLimit(row);
};

/**
 * The bounds every hand-entered measured value is checked against. Read with the transaction that
 * writes the value, so the check uses the limits as they are at the time of the write.
 */
export const loadLimitBounds = async (db: Kysely<Database>): Promise<LimitBounds[]> =>
  db.selectFrom('configLimit').select(['name', 'min', 'max']).execute();

/**
 * PUT /config/limits/{name}. The body has passed limitWriteSchema (Info must be set!, numbers only,
 * min ≤ max). The name in the body must be the path's: the path names the record. A PUT that
 * changes nothing writes nothing (no audit event, lastModified kept), because the Limits page sends
 * every row on Update and only the edited ones were modified. Each row goes with the version it
 * was read with; a limit changed by someone else since is 409 (docs/dev/architecture.md#api-contract), changed or not.
 */
export const updateLimit = async (
  db: Kysely<Database>,
  actor: string,
  name: string,
  body: LimitWrite,
): Promise<Limit> => {
  if (body.name !== name) {
    throw new HttpError(400, HTTP_MESSAGES.validation, [
      `Name ${body.name} does not match the limit ${name}`,
    ]);
  }
  const min = toNumber(body.min)!;
  const max = toNumber(body.max)!;
  const rangeErrors = (
    [
      ['min', min],
      ['max', max],
    ] as const
  ).flatMap(([field, n]) =>
    Math.abs(n) > LIMIT_ABS_MAX ? [betweenMessage(field, -LIMIT_ABS_MAX, LIMIT_ABS_MAX)] : [],
  );
  if (rangeErrors.length > 0) throw new HttpError(400, HTTP_MESSAGES.validation, rangeErrors);
  const info = (body.info ?? '').trim();

  return db.transaction().execute(async (trx) => {
    const { after } = await versionedUpdate(trx, {
      table: 'configLimit',
      key: { name },
      version: body.version,
      notFound: limitNotFound(name),
      notModified: notModified('Limit', name),
      audit: { actor, entity: 'limit', key: name, snapshot: toLimit },
      // Compared as numbers: '10' and '10.0' are the same limit.
      values: (before) =>
        before.info === info && before.min === min && before.max === max
          ? null
          : { info, min: String(min), max: String(max), lastModified: sql<string>`localtimestamp(0)` },
    });
    return toLimit(after);
  });
};
