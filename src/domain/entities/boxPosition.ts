// BoxPosition JSON of ARCHITECTURE §4; an Analysis or Sample shows it as boxPos '<bId>/<boxPosId>'.
import { z } from 'zod';
import { boxIdSchema } from '../rules/fields';
import { labDateTimeText, nullableDateTimeWrite, sampleIdSchema, sampleIdWriteSchema } from './shared';

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

/** GET /boxes/{id}/boxpos; PUT of the whole list sends the bare array. */
export const boxPositionsResponseSchema = z.object({ boxpos: z.array(boxPositionSchema) });
export const boxPositionsWriteSchema = z.array(boxPositionWriteSchema);

export const formatBoxPos = (bId: string, boxPosId: number): string => `${bId}/${boxPosId}`;
