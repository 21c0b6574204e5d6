// Building blocks of the entity schemas. Two kinds of schema exist per entity:
// - the plain one parses what the server sends: types only, so that a record that arrived by sync
//   with unusual flags still shows instead of failing the whole page;
// - the `…WriteSchema` parses what a client sends to create or update: every docs/dev/product-rules.md#field-rules rule, with
//   the spec's message, so a 400 lists what the form would have shown.
import { z } from 'zod';
import { VERSION_MESSAGE } from '../messages';
import { isLabDateTime } from '../datetime';
import { dateTimeSchema, plainTextSchema, SID_PATTERN, sIdSchema } from '../rules/fields';

/** A lab date-time `YYYY-MM-DD HH:mm:ss` as received (not re-validated on read). */
export const labDateTimeText = z.string();

/** Measured values, weights and counts: a number, or null when not measured. */
export const measured = z.number().nullable();

/** Optional text: null when absent. */
export const optionalText = z.string().nullable();

/** The record's version as read (docs/dev/architecture.md#api-contract): the database bumps it on every change. */
export const versionRead = z.number().int();
/** The version a PUT was edited from; required, so no client can skip the check by leaving it out. */
export const versionWrite = z
  .number({ error: VERSION_MESSAGE })
  .int(VERSION_MESSAGE)
  .positive(VERSION_MESSAGE);

export const sampleIdSchema = z.object({ sId: z.string(), sStamp: labDateTimeText });
export type SampleId = z.infer<typeof sampleIdSchema>;

export const sampleIdWriteSchema = z.object({ sId: sIdSchema, sStamp: dateTimeSchema });

/**
 * Whether a key passes sampleIdWriteSchema, by the same rules without a zod parse: an import asks
 * it of every row before the row's own check (tests/domain/sampleKey.test.ts holds the two together).
 */
export const isSampleIdWrite = (key: {
  sId: unknown;
  sStamp: unknown;
}): key is { sId: string; sStamp: string } =>
  typeof key.sId === 'string' &&
  SID_PATTERN.test(key.sId) &&
  typeof key.sStamp === 'string' &&
  isLabDateTime(key.sStamp);

export const nullableDateTimeWrite = dateTimeSchema.nullable().default(null);
export const optionalTextWrite = plainTextSchema.nullable().default(null);
export const measuredWrite = z.number().nullable().default(null);

export const pageCounts = {
  totalPages: z.number().int().nonnegative(),
  totalItems: z.number().int().nonnegative(),
};

/**
 * Sent with an empty Analysis or Samples view (issue 27): how many rows matching the filters and the
 * selection the campaign and the exclusion checkboxes hide, so the empty table can say so.
 */
export const hiddenCountsSchema = z.object({
  outsideCampaign: z.number().int().nonnegative(),
  excluded: z.number().int().nonnegative(),
});
export type HiddenCounts = z.infer<typeof hiddenCountsSchema>;
