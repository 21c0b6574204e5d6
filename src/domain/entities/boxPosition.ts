// BoxPosition JSON of docs/dev/architecture.md#api-contract; an Analysis or Sample shows it as boxPos '<bId>/<boxPosId>'.
import { z } from 'zod';
import { boxIdSchema } from '../rules/fields';
import {
  labDateTimeText,
  nullableDateTimeWrite,
  sampleIdSchema,
  sampleIdWriteSchema,
  versionRead,
  versionWrite,
} from './shared';

export const boxPositionSchema = z.object({
  boxposId: z.object({ box: z.string(), boxPosId: z.number().int() }),
  dateExported: labDateTimeText.nullable(),
  sample: z.object({ sampleId: sampleIdSchema }),
});
export type BoxPosition = z.infer<typeof boxPositionSchema>;

export const boxPositionWriteSchema = z.object({
  boxposId: z.object({ box: boxIdSchema, boxPosId: z.number().int().min(1) }),
  dateExported: nullableDateTimeWrite,
  sample: z.object({ sampleId: sampleIdWriteSchema }),
});
export type BoxPositionWrite = z.input<typeof boxPositionWriteSchema>;

/**
 * GET /boxes/{id}/boxpos: the positions by number and the list's version. A PUT of the whole list
 * sends the list with the version it was read at (a list changed since is refused with 409).
 */
export const boxPositionsResponseSchema = z.object({
  boxpos: z.array(boxPositionSchema),
  version: versionRead,
});
export type BoxPositionList = z.infer<typeof boxPositionsResponseSchema>;
export const boxPositionsWriteSchema = z.object({
  version: versionWrite,
  boxpos: z.array(boxPositionWriteSchema),
});
export type BoxPositionsWrite = z.input<typeof boxPositionsWriteSchema>;
/** The answer of every write of a box's positions: the message, the stored list and its new version. */
export const boxPositionsResultSchema = boxPositionsResponseSchema.extend({ message: z.string() });

export const formatBoxPos = (bId: string, boxPosId: number): string => `${bId}/${boxPosId}`;

/** The columns of the positions table and of its CSV/PDF export (docs/dev/product-rules.md#records BoxPosition), by attribute. */
export const BOX_POSITION_COLUMNS = [
  { key: 'box', header: 'BoxID' },
  { key: 'boxPosId', header: 'BoxPosID' },
  { key: 'dateExported', header: 'dateExported' },
  { key: 'sId', header: 'SampleID' },
  { key: 'sStamp', header: 'SampleTime' },
] as const;
export type BoxPositionAttribute = (typeof BOX_POSITION_COLUMNS)[number]['key'];

/** One cell of a position by attribute (export and table alike). */
export const boxPositionCell = (p: BoxPosition, key: BoxPositionAttribute): string | number | null => {
  switch (key) {
    case 'box':
      return p.boxposId.box;
    case 'boxPosId':
      return p.boxposId.boxPosId;
    case 'dateExported':
      return p.dateExported;
    case 'sId':
      return p.sample.sampleId.sId;
    case 'sStamp':
      return p.sample.sampleId.sStamp;
  }
};

/** The export file name: boxpositions_<bId>.<type>. */
export const boxPositionsFileName = (bId: string, type: 'csv' | 'pdf'): string =>
  `boxpositions_${bId}.${type}`;
