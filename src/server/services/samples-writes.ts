// Create, update and delete of samples (docs/dev/product-rules.md#records Sample, docs/dev/product-rules.md#field-rules, docs/dev/architecture.md#database–docs/dev/architecture.md#domain-decisions), and the checks the
// analysis writes and the file import share with them.
//
// Validation collects every failing field's message before answering, so a 400 lists what the form
// would have shown: the zod rules of the write schema (sId, dates, flags, lane) plus the numeric
// checks, which need the database (limits) or the column's precision. Numeric fields get one message
// each, in the spec's '{name} has to be between {min} and {max}' form, in place of zod's type message.
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { TEMPLATE_LANE } from '../../domain/constants';
import { sampleWriteSchema, type SampleWriteParsed } from '../../domain/entities/sample';
import { formatSampleKey, type SampleKey } from '../../domain/ids';
import {
  betweenMessage,
  created,
  deleted,
  notCreated,
  notModified,
  sampleNotFound,
  updated,
} from '../../domain/messages';
import { validateMeasurement, type LimitBounds } from '../../domain/rules/measurement';
import { isEmpty, toNumber } from '../../domain/rules/fields';
import type { Database, SampleRow } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { versionedUpdate } from '../repositories/versioned';
import { formatBoxPos } from '../../domain/entities/boxPosition';
import { recordAudit, recordRemoved } from './audit';
import { loadLimitBounds } from './limits';
import { SAMPLES_RESOURCE } from '../../domain/resources/samples';
import { ANALYSIS_RESOURCE } from '../../domain/resources/analysis';

// ---- shared checks -----------------------------------------------------------------------------

export interface NumericBound {
  min: number;
  max: number;
  integer?: boolean;
}

/** The range a `numeric(p,s)` column holds: ±(10^(p−s) − 10^−s). */
export const numericBound = (type: string, nonNegative = false): NumericBound => {
  const m = /numeric\((\d+),(\d+)\)/.exec(type);
  if (!m) throw new Error(`not a numeric(p,s) type: ${type}`);
  const [p, s] = [Number(m[1]), Number(m[2])];
  const max = Number((10 ** (p - s) - 10 ** -s).toFixed(s));
  return { min: nonNegative ? 0 : -max, max };
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Numbers may arrive as text from a form ('12.5'); empty text means empty (docs/dev/product-rules.md#field-rules: empty is always
 * accepted). Text that is no number is left for the numeric check to reject.
 */
export const normalizeNumbers = (raw: unknown, fields: Iterable<string>): unknown => {
  if (!isRecord(raw)) return raw;
  const out: Record<string, unknown> = { ...raw };
  for (const f of fields) {
    const v = out[f];
    if (typeof v !== 'string') continue;
    if (v.trim() === '') out[f] = null;
    else {
      const n = toNumber(v);
      if (n !== null) out[f] = n;
    }
  }
  return out;
};

export interface NumericField {
  bound: NumericBound;
  /** Checked against the server limit of the same name (docs/dev/product-rules.md#field-rules last row). */
  limited: boolean;
}

/**
 * One field's message or null. A limited value is checked against the limits only when it changed:
 * values that arrived by sync are kept as measured even outside the limits (docs/dev/architecture.md#domain-decisions Flags),
 * and editing another column of such a row must not fail on them. The column's range always applies.
 */
export const numericFieldError = (
  name: string,
  value: unknown,
  field: NumericField,
  limits: readonly LimitBounds[],
  previous: unknown,
): string | null => {
  if (value === null || value === undefined) return null;
  const changed = !(typeof value === 'number' && value === previous);
  if (field.limited && changed) {
    const message = validateMeasurement(name, typeof value === 'number' ? value : String(value), limits);
    if (message) return message;
  }
  const { min, max, integer } = field.bound;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    return betweenMessage(name, min, max);
  }
  if (integer && !Number.isInteger(value)) return `${name} must be a whole number`;
  return null;
};

/** zod's messages (the spec's, from the domain schemas) except on fields another check owns. */
export const issueMessages = (error: z.ZodError | undefined, ownedElsewhere: ReadonlySet<string>): string[] =>
  (error?.issues ?? [])
    .filter((issue) => !(issue.path.length === 1 && ownedElsewhere.has(String(issue.path[0]))))
    .map((issue) => issue.message);

export const unique = (messages: readonly string[]): string[] => [...new Set(messages)];

export const validationError = (
  errors: readonly string[],
  message: string = HTTP_MESSAGES.validation,
): HttpError => new HttpError(400, message, unique(errors));

interface PgError {
  code: string;
  message: string;
}
const isPgError = (err: unknown): err is PgError =>
  isRecord(err) && typeof err['code'] === 'string' && typeof err['message'] === 'string';

/**
 * Database refusals that the checks above should have caught, or that a concurrent write caused,
 * answered as client errors instead of a 500: a duplicate key is 409, a missing referenced row or a
 * value the column cannot hold is 400 — with the spec's message only: the database's reason names
 * constraints, columns and types (issue 29), so it goes to the log, not to the client.
 */
export const mapDbError = (err: unknown, message: string): unknown => {
  if (!isPgError(err)) return err;
  if (err.code === '23505') return new HttpError(409, message);
  if (err.code === '23503' || err.code === '23514' || err.code.startsWith('22')) {
    return new HttpError(400, message, [message]);
  }
  return err;
};

// ---- samples -----------------------------------------------------------------------------------

const WEIGHT = 'numeric(9,3)';
/** Numeric sample columns and their ranges (migration 0001: weights numeric(9,3), distance numeric(9,2)). */
export const SAMPLE_NUMERIC: Readonly<Record<string, NumericField>> = {
  weightNet: { bound: numericBound(WEIGHT), limited: true },
  weightBru: { bound: numericBound(WEIGHT, true), limited: false },
  weightTar: { bound: numericBound(WEIGHT, true), limited: false },
  quantity: { bound: { min: 0, max: 2_147_483_647, integer: true }, limited: false },
  distance: { bound: numericBound('numeric(9,2)', true), limited: false },
};
const SAMPLE_NUMERIC_NAMES = new Set(Object.keys(SAMPLE_NUMERIC));
export const SAMPLE_NAME_MAX = 64;
export const nameTooLong = (max: number): string => `Name can only have ${max} characters!`;

export interface Checked<T> {
  value: T | undefined;
  errors: string[];
}

/** Every rule a sample body must pass; `previous` is the stored row on update, null on create. */
export const checkSample = (
  raw: unknown,
  limits: readonly LimitBounds[],
  previous: SampleRow | null,
): Checked<SampleWriteParsed> => {
  const body = normalizeNumbers(raw, SAMPLE_NUMERIC_NAMES);
  const parsed = sampleWriteSchema.safeParse(body);
  const record = isRecord(body) ? body : {};
  const errors = issueMessages(parsed.error, SAMPLE_NUMERIC_NAMES);
  for (const [name, field] of Object.entries(SAMPLE_NUMERIC)) {
    const prev = previous ? (previous as unknown as Record<string, unknown>)[name] : undefined;
    const message = numericFieldError(name, record[name], field, limits, prev);
    if (message) errors.push(message);
  }
  const name = record['name'];
  if (typeof name === 'string' && name.length > SAMPLE_NAME_MAX) errors.push(nameTooLong(SAMPLE_NAME_MAX));
  if (errors.length === 0 && !parsed.success) errors.push(HTTP_MESSAGES.validation);
  return { value: errors.length === 0 ? parsed.data : undefined, errors: unique(errors) };
};

/** The columns a sample body writes; lane left empty means the template's lane 1 (docs/dev/product-rules.md#records Templates). */
export const sampleValues = (v: SampleWriteParsed, emptyLane: number = TEMPLATE_LANE) => ({
  sId: v.sampleId.sId,
  sStamp: v.sampleId.sStamp,
  name: isEmpty(v.name) ? null : v.name,
  weightNet: v.weightNet,
  weightBru: v.weightBru,
  weightTar: v.weightTar,
  quantity: v.quantity,
  distance: v.distance,
  dateCrumbled: v.dateCrumbled,
  sFlags: v.sFlags,
  lane: v.lane ?? emptyLane,
  comment: v.comment,
  dateExported: v.dateExported,
});

const sampleKeyOf = (row: SampleKey): SampleKey => ({ sId: row.sId, sStamp: row.sStamp });

const findSample = (trx: Transaction<Database>, key: SampleKey) =>
  trx
    .selectFrom('sample')
    .selectAll()
    .where('sId', '=', key.sId)
    .where('sStamp', '=', key.sStamp)
    .forUpdate()
    .executeTakeFirst();

export interface SampleWriteResult {
  message: string;
  ID: string;
  sampleId: SampleKey;
}

export const createSample = async (
  db: Kysely<Database>,
  actor: string,
  raw: unknown,
): Promise<SampleWriteResult> => {
  let id = '';
  try {
    return await db.transaction().execute(async (trx) => {
      const { value, errors } = checkSample(raw, await loadLimitBounds(trx), null);
      if (!value) throw validationError(errors);
      const key = value.sampleId;
      id = formatSampleKey(key);
      if (await findSample(trx, key)) throw new HttpError(409, notCreated('sId', id));
      const after = await trx
        .insertInto('sample')
        .values(sampleValues(value))
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor,
        action: 'create',
        entity: SAMPLES_RESOURCE.auditEntity,
        key: id,
        after,
      });
      return { message: created('sId', id), ID: id, sampleId: sampleKeyOf(after) };
    });
  } catch (err) {
    throw mapDbError(err, notCreated('sId', id));
  }
};

/**
 * PUT /samples/{sId}/{sStamp}. Only boxPos is not editable on a sample (docs/dev/product-rules.md#records), so the body may
 * carry a new sId or sStamp: the key changes, and the foreign keys (ON UPDATE CASCADE) move the
 * sample's analyses and box position with it. A key that another sample has is 409. An empty lane
 * keeps the stored lane. A body edited from an outdated copy (its `version` is no longer the
 * stored one) is 409 as well.
 */
export const updateSample = async (
  db: Kysely<Database>,
  actor: string,
  key: SampleKey,
  raw: unknown,
): Promise<SampleWriteResult> => {
  const id = formatSampleKey(key);
  try {
    return await db.transaction().execute(async (trx) => {
      const { after } = await versionedUpdate(trx, {
        table: 'sample',
        key: { sId: key.sId, sStamp: key.sStamp },
        version: isRecord(raw) ? raw['version'] : undefined,
        notFound: sampleNotFound(id),
        notModified: notModified('sId', id),
        audit: { actor, entity: SAMPLES_RESOURCE.auditEntity, key: id },
        values: async (before) => {
          const { value, errors } = checkSample(raw, await loadLimitBounds(trx), before);
          if (!value) throw validationError(errors);
          return sampleValues(value, before.lane);
        },
      });
      const newId = formatSampleKey(after);
      return { message: updated('sId', newId), ID: newId, sampleId: sampleKeyOf(after) };
    });
  } catch (err) {
    throw mapDbError(err, notModified('sId', id));
  }
};

export interface SampleDeleteResult extends SampleWriteResult {
  removed: { analyses: number; boxPositions: number };
}

/**
 * DELETE /samples/{sId}/{sStamp}: the sample, its analyses and its box position go in one
 * transaction. The foreign keys cascade, which the audit would not see, so the rows that go are read
 * first and each gets its own delete event (findable by its own entity and key later).
 */
export const deleteSample = async (
  db: Kysely<Database>,
  actor: string,
  key: SampleKey,
): Promise<SampleDeleteResult> => {
  const id = formatSampleKey(key);
  return db.transaction().execute(async (trx) => {
    const before = await findSample(trx, key);
    if (!before) throw new HttpError(404, sampleNotFound(id));
    const analyses = await trx
      .selectFrom('analysis')
      .selectAll()
      .where('sId', '=', key.sId)
      .where('sStamp', '=', key.sStamp)
      .orderBy('aId')
      .forUpdate()
      .execute();
    const boxPositions = await trx
      .selectFrom('boxPosition')
      .selectAll()
      .where('sId', '=', key.sId)
      .where('sStamp', '=', key.sStamp)
      .forUpdate()
      .execute();
    await trx.deleteFrom('sample').where('sId', '=', key.sId).where('sStamp', '=', key.sStamp).execute();
    await recordAudit(trx, {
      actor,
      action: 'delete',
      entity: SAMPLES_RESOURCE.auditEntity,
      key: id,
      before,
    });
    await recordRemoved(trx, actor, ANALYSIS_RESOURCE.auditEntity, analyses, (a) => String(a.aId));
    await recordRemoved(trx, actor, 'boxPosition', boxPositions, (p) => formatBoxPos(p.bId, p.boxPosId));
    return {
      message: deleted('sId', id),
      ID: id,
      sampleId: sampleKeyOf(before),
      removed: { analyses: analyses.length, boxPositions: boxPositions.length },
    };
  });
};
