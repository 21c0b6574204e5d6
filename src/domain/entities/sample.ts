// Sample JSON of docs/dev/architecture.md#api-contract. `ID` is the composite 'sId|sStamp' (ids.formatSampleKey).
import { z } from 'zod';
import { laneSchema, sFlagsSchema } from '../rules/fields';
import {
  labDateTimeText,
  measured,
  measuredWrite,
  nullableDateTimeWrite,
  optionalText,
  optionalTextWrite,
  hiddenCountsSchema,
  pageCounts,
  sampleIdSchema,
  sampleIdWriteSchema,
  versionRead,
  versionWrite,
} from './shared';

export const sampleSchema = z.object({
  ID: z.string(),
  sampleId: sampleIdSchema,
  name: optionalText,
  weightNet: measured,
  weightBru: measured,
  weightTar: measured,
  quantity: measured,
  distance: measured,
  dateCrumbled: labDateTimeText.nullable(),
  sFlags: z.string(),
  lane: z.number().int().nullable(),
  comment: optionalText,
  dateExported: labDateTimeText.nullable(),
  boxPos: optionalText,
  version: versionRead,
});
export type Sample = z.infer<typeof sampleSchema>;

/** Body of POST and PUT /samples. ID and boxPos are derived by the server and ignored if sent. */
export const sampleWriteSchema = z.object({
  ID: z.string().optional(),
  sampleId: sampleIdWriteSchema,
  name: optionalTextWrite,
  weightNet: measuredWrite,
  weightBru: measuredWrite,
  weightTar: measuredWrite,
  quantity: measuredWrite,
  distance: measuredWrite,
  dateCrumbled: nullableDateTimeWrite,
  sFlags: sFlagsSchema,
  lane: laneSchema.nullable().default(null),
  comment: optionalTextWrite,
  dateExported: nullableDateTimeWrite,
  boxPos: optionalText.optional(),
});
export type SampleWrite = z.input<typeof sampleWriteSchema>;
export type SampleWriteParsed = z.output<typeof sampleWriteSchema>;

/** Body of PUT /samples/{sId}/{sStamp}: the create body plus the version the edit started from. */
export const sampleUpdateSchema = sampleWriteSchema.extend({ version: versionWrite });
export type SampleUpdate = z.input<typeof sampleUpdateSchema>;

export const samplesViewSchema = z.object({
  samples: z.array(sampleSchema),
  ...pageCounts,
  hidden: hiddenCountsSchema.optional(),
});
export type SamplesView = z.infer<typeof samplesViewSchema>;

/** GET /samples/{sId}/{sStamp} answers either a list or one sample (docs/dev/product-rules.md#calls). */
export const sampleLookupSchema = z.union([z.object({ samples: z.array(sampleSchema) }), sampleSchema]);
export type SampleLookup = z.infer<typeof sampleLookupSchema>;
/** The prefix searches (GET /samples/startsWithId/{id}): every matching sample. */
export const samplesListSchema = z.object({ samples: z.array(sampleSchema) });

export const samplesOfLookup = (r: SampleLookup): Sample[] => ('samples' in r ? r.samples : [r]);

export const timestampsSchema = z.object({ timestamps: z.array(labDateTimeText) });

/** POST /samples and PUT /samples/{sId}/{sStamp}: the written sample's key. */
export const sampleWriteResultSchema = z.object({
  message: z.string(),
  ID: z.string(),
  sampleId: sampleIdSchema,
});

/** POST /samples/upload: how many rows of the file were created, updated or unchanged. */
export const sampleImportSummarySchema = z.object({
  message: z.string(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type SampleImportSummary = z.infer<typeof sampleImportSummarySchema>;
