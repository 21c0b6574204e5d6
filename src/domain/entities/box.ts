// Box JSON of docs/dev/architecture.md#api-contract.
import { z } from 'zod';
import { BOX_ID_MESSAGE, NAME_MUST_BE_SET } from '../messages';
import { BOX_ID_PATTERN, boxIdSchema, numMaxSchema, typeSchema } from '../rules/fields';
import {
  labDateTimeText,
  nullableDateTimeWrite,
  optionalText,
  optionalTextWrite,
  pageCounts,
  versionRead,
  versionWrite,
} from './shared';

export const boxSchema = z.object({
  bId: z.string(),
  name: z.string(),
  numMax: z.number().int(),
  type: z.number().int(),
  comment: optionalText,
  dateExported: labDateTimeText.nullable(),
  version: versionRead,
});
export type Box = z.infer<typeof boxSchema>;

export const boxWriteSchema = z.object({
  bId: boxIdSchema,
  name: z.string({ error: NAME_MUST_BE_SET }).min(1, NAME_MUST_BE_SET).regex(BOX_ID_PATTERN, BOX_ID_MESSAGE),
  numMax: numMaxSchema,
  type: typeSchema,
  comment: optionalTextWrite,
  dateExported: nullableDateTimeWrite,
});
export type BoxWrite = z.input<typeof boxWriteSchema>;

/** Body of PUT /boxes/{id}: the create body plus the version the edit started from. */
export const boxUpdateSchema = boxWriteSchema.extend({ version: versionWrite });
export type BoxUpdate = z.input<typeof boxUpdateSchema>;

/** Answer of the box writes: the spec's message and the box's id. */
export const boxWriteResultSchema = z.object({ message: z.string(), bId: z.string() });

export const boxesViewSchema = z.object({ boxes: z.array(boxSchema), ...pageCounts });
export type BoxesView = z.infer<typeof boxesViewSchema>;
