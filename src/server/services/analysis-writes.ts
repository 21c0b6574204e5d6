// Create, update and delete of analyses (docs/dev/product-rules.md#records Analysis, docs/dev/product-rules.md#field-rules; docs/dev/architecture.md#api-contract). Measured values
// typed by hand must lie inside the limits stored at the time of the write; an analysis belongs to
// an existing sample; every write records an audit event in its own transaction.
//
// Not editable on an analysis (docs/dev/product-rules.md#records): aId, sample id, sample time, boxPos, weightBru, weightNet,
// name. boxPos, the weights and the name are the sample's values shown beside the analysis: the body
// carries them because the client sends the row back as it read it, so they are ignored. aId and
// the sample key decide which record is written, so a body that tries to change them is refused
// (400) instead of silently writing somewhere else.
import type { Kysely, Transaction } from 'kysely';
import { analysisWriteSchema, type AnalysisWriteParsed } from '../../domain/entities/analysis';
import { formatSampleKey, type SampleKey } from '../../domain/ids';
import { created, deleted, notCreated, notModified, sampleNotFound, updated } from '../../domain/messages';
import type { LimitBounds } from '../../domain/rules/measurement';
import { sampleIdWriteSchema } from '../../domain/entities/shared';
import { MEASURE_PRECISION } from '../db/migrations/0001_schema';
import type { AnalysisRow, Database } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { versionedUpdate } from '../repositories/versioned';
import { recordAudit } from './audit';
import { loadLimitBounds } from './limits';
import {
  issueMessages,
  mapDbError,
  normalizeNumbers,
  numericBound,
  numericFieldError,
  unique,
  validationError,
  type Checked,
  type NumericField,
} from './samples-writes';
import { ANALYSIS_RESOURCE } from '../../domain/resources/analysis';

/** The analysis's own measured values (weightNet is the sample's), each limited and bounded by its column. */
export const ANALYSIS_NUMERIC: Readonly<Record<string, NumericField>> = {
  pol: { bound: numericBound(MEASURE_PRECISION.pol), limited: true },
  nat: { bound: numericBound(MEASURE_PRECISION.nat), limited: true },
  kal: { bound: numericBound(MEASURE_PRECISION.kal), limited: true },
  an: { bound: numericBound(MEASURE_PRECISION.an), limited: true },
  glu: { bound: numericBound(MEASURE_PRECISION.glu), limited: true },
  dry: { bound: numericBound(MEASURE_PRECISION.dry), limited: true },
  density: { bound: numericBound(MEASURE_PRECISION.density), limited: true },
  weightMea: { bound: numericBound(MEASURE_PRECISION.weight_mea), limited: true },
  weightNrm: { bound: numericBound(MEASURE_PRECISION.weight_nrm), limited: true },
  weightCur: { bound: numericBound(MEASURE_PRECISION.weight_cur), limited: true },
  weightDif: { bound: numericBound(MEASURE_PRECISION.weight_dif), limited: true },
};
const ANALYSIS_NUMERIC_NAMES = new Set(Object.keys(ANALYSIS_NUMERIC));

export const AID_NOT_EDITABLE = 'aId cannot be changed';
export const SAMPLE_KEY_NOT_EDITABLE = 'Sample id and sample time of an analysis cannot be changed';
export const analysisNotFound = (aId: number): string => `Error occurred, aId#${aId} was not found!`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sample key of a body, if it is a valid one (checked apart so a missing sample can be reported with other errors). */
const bodySampleKey = (raw: unknown): SampleKey | undefined => {
  const sample = isRecord(raw) ? raw['sample'] : undefined;
  const parsed = sampleIdWriteSchema.safeParse(isRecord(sample) ? sample['sampleId'] : undefined);
  return parsed.success ? parsed.data : undefined;
};

export const checkAnalysis = (
  raw: unknown,
  limits: readonly LimitBounds[],
  previous: AnalysisRow | null,
): Checked<AnalysisWriteParsed> => {
  const body = normalizeNumbers(raw, ANALYSIS_NUMERIC_NAMES);
  const parsed = analysisWriteSchema.safeParse(body);
  const record = isRecord(body) ? body : {};
  const errors = issueMessages(parsed.error, ANALYSIS_NUMERIC_NAMES);
  for (const [name, field] of Object.entries(ANALYSIS_NUMERIC)) {
    const prev = previous ? (previous as unknown as Record<string, unknown>)[name] : undefined;
    const message = numericFieldError(name, record[name], field, limits, prev);
    if (message) errors.push(message);
  }
  if (previous) {
    const aId = record['aId'];
    if (aId !== undefined && aId !== null && Number(aId) !== previous.aId) errors.push(AID_NOT_EDITABLE);
    const key = bodySampleKey(body);
    if (key && (key.sId !== previous.sId || key.sStamp !== previous.sStamp))
      errors.push(SAMPLE_KEY_NOT_EDITABLE);
  }
  if (errors.length === 0 && !parsed.success) errors.push(HTTP_MESSAGES.validation);
  return { value: errors.length === 0 ? parsed.data : undefined, errors: unique(errors) };
};

/** The analysis's own columns; the sample part other than its key is not written (see above). */
const analysisValues = (v: AnalysisWriteParsed) => ({
  aFlags: v.aFlags,
  dateIn: v.dateIn,
  dateOut: v.dateOut,
  pol: v.pol,
  nat: v.nat,
  kal: v.kal,
  an: v.an,
  glu: v.glu,
  dry: v.dry,
  weightMea: v.weightMea,
  weightNrm: v.weightNrm,
  weightCur: v.weightCur,
  weightDif: v.weightDif,
  density: v.density,
  lane: v.lane,
  comment: v.comment,
  dateExported: v.dateExported,
});

const sampleExists = async (trx: Transaction<Database>, key: SampleKey): Promise<boolean> =>
  (await trx
    .selectFrom('sample')
    .select('sId')
    .where('sId', '=', key.sId)
    .where('sStamp', '=', key.sStamp)
    // Keeps the sample from being deleted before this transaction commits.
    .forShare()
    .executeTakeFirst()) !== undefined;

const findAnalysis = (trx: Transaction<Database>, aId: number) =>
  trx.selectFrom('analysis').selectAll().where('aId', '=', aId).forUpdate().executeTakeFirst();

export interface AnalysisWriteResult {
  message: string;
  aId: number;
}

/**
 * POST /analysis. aId in the body is ignored (generated). A sample that does not exist is a 400
 * whose message is the spec's 'Error occurred, SampleId#… was not found!', listed with the other
 * failing fields — the addressed resource (the analysis list) exists, the reference in the body does not.
 */
export const createAnalysis = async (
  db: Kysely<Database>,
  actor: string,
  raw: unknown,
): Promise<AnalysisWriteResult> => {
  try {
    return await db.transaction().execute(async (trx) => {
      const { value, errors } = checkAnalysis(raw, await loadLimitBounds(trx), null);
      const key = bodySampleKey(raw);
      if (key && !(await sampleExists(trx, key))) {
        const missing = sampleNotFound(formatSampleKey(key));
        throw validationError([missing, ...errors], missing);
      }
      if (!value) throw validationError(errors);
      const after = await trx
        .insertInto('analysis')
        .values({
          sId: value.sample.sampleId.sId,
          sStamp: value.sample.sampleId.sStamp,
          ...analysisValues(value),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor,
        action: 'create',
        entity: ANALYSIS_RESOURCE.auditEntity,
        key: String(after.aId),
        after,
      });
      return { message: created('aId', after.aId), aId: after.aId };
    });
  } catch (err) {
    throw mapDbError(err, notCreated('aId', 'new'));
  }
};

/**
 * PUT /analysis/{id}: replaces the editable columns (absent ones become empty, as in the form), if
 * the body's `version` is still the stored one (409 otherwise: the body was edited from an outdated
 * copy and would silently undo the other change).
 */
export const updateAnalysis = async (
  db: Kysely<Database>,
  actor: string,
  aId: number,
  raw: unknown,
): Promise<AnalysisWriteResult> => {
  try {
    return await db.transaction().execute(async (trx) => {
      await versionedUpdate(trx, {
        table: 'analysis',
        key: { aId },
        version: isRecord(raw) ? raw['version'] : undefined,
        notFound: analysisNotFound(aId),
        notModified: notModified('aId', aId),
        audit: { actor, entity: ANALYSIS_RESOURCE.auditEntity, key: String(aId) },
        values: async (before) => {
          const { value, errors } = checkAnalysis(raw, await loadLimitBounds(trx), before);
          if (!value) throw validationError(errors);
          return analysisValues(value);
        },
      });
      return { message: updated('aId', aId), aId };
    });
  } catch (err) {
    throw mapDbError(err, notModified('aId', aId));
  }
};

export const deleteAnalysis = async (
  db: Kysely<Database>,
  actor: string,
  aId: number,
): Promise<AnalysisWriteResult> =>
  db.transaction().execute(async (trx) => {
    const before = await findAnalysis(trx, aId);
    if (!before) throw new HttpError(404, analysisNotFound(aId));
    await trx.deleteFrom('analysis').where('aId', '=', aId).execute();
    await recordAudit(trx, {
      actor,
      action: 'delete',
      entity: ANALYSIS_RESOURCE.auditEntity,
      key: String(aId),
      before,
    });
    return { message: deleted('aId', aId), aId };
  });
