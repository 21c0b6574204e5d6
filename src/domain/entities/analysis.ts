// Analysis JSON of docs/dev/architecture.md#api-contract.
import { z } from 'zod';
import { aFlagsSchema, laneSchema } from '../rules/fields';
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

/** The sample part of an analysis; only sampleId is the analysis's own, the rest is shown read-only. */
export const analysisSampleSchema = z.object({
  sampleId: sampleIdSchema,
  weightNet: measured,
  weightBru: measured,
  name: optionalText,
  boxPos: optionalText,
});

const measuredValues = {
  pol: measured,
  nat: measured,
  kal: measured,
  an: measured,
  glu: measured,
  dry: measured,
  weightMea: measured,
  weightNrm: measured,
  weightCur: measured,
  weightDif: measured,
  density: measured,
};

export const analysisSchema = z.object({
  aId: z.number().int(),
  sample: analysisSampleSchema,
  aFlags: z.string(),
  dateIn: labDateTimeText.nullable(),
  dateOut: labDateTimeText.nullable(),
  ...measuredValues,
  lane: z.number().int().nullable(),
  comment: optionalText,
  dateExported: labDateTimeText.nullable(),
  version: versionRead,
});
export type Analysis = z.infer<typeof analysisSchema>;

/**
 * Body of POST and PUT /analysis. aId is generated on create and taken from the path on update.
 * Measured values are checked against the limits separately (rules/measurement), since the limits
 * live in the database.
 */
export const analysisWriteSchema = z.object({
  aId: z.number().int().optional(),
  sample: z.object({
    sampleId: sampleIdWriteSchema,
    weightNet: measured.optional(),
    weightBru: measured.optional(),
    name: optionalText.optional(),
    boxPos: optionalText.optional(),
  }),
  aFlags: aFlagsSchema,
  dateIn: nullableDateTimeWrite,
  dateOut: nullableDateTimeWrite,
  pol: measuredWrite,
  nat: measuredWrite,
  kal: measuredWrite,
  an: measuredWrite,
  glu: measuredWrite,
  dry: measuredWrite,
  weightMea: measuredWrite,
  weightNrm: measuredWrite,
  weightCur: measuredWrite,
  weightDif: measuredWrite,
  density: measuredWrite,
  lane: laneSchema.nullable().default(null),
  comment: optionalTextWrite,
  dateExported: nullableDateTimeWrite,
});
export type AnalysisWrite = z.input<typeof analysisWriteSchema>;
export type AnalysisWriteParsed = z.output<typeof analysisWriteSchema>;

/** Body of PUT /analysis/{id}: the create body plus the version the edit started from. */
export const analysisUpdateSchema = analysisWriteSchema.extend({ version: versionWrite });
export type AnalysisUpdate = z.input<typeof analysisUpdateSchema>;

export const analysisAverageSchema = z.object({
  polAverage: measured,
  natAverage: measured,
  kalAverage: measured,
  anAverage: measured,
  gluAverage: measured,
  dryAverage: measured,
});
export type AnalysisAverage = z.infer<typeof analysisAverageSchema>;

export const analysisViewSchema = z.object({
  analysis: z.array(analysisSchema),
  average: analysisAverageSchema,
  ...pageCounts,
  hidden: hiddenCountsSchema.optional(),
});
export type AnalysisView = z.infer<typeof analysisViewSchema>;

/** GET /analysis/sid/{sId}/{sStamp} and the startsWith lookup. */
export const analysisListSchema = z.object({ analysis: z.array(analysisSchema) });

/** POST, PUT and DELETE /analysis: the written analysis' aId. */
export const analysisWriteResultSchema = z.object({ message: z.string(), aId: z.number().int() });
