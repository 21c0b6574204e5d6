// Limit JSON of docs/dev/architecture.md#api-contract; min and max are text numbers (docs/dev/product-rules.md#records).
import { z } from 'zod';
import { configNameSchema, plainTextSchema } from '../rules/fields';
import { limitErrors } from '../rules/limits';
import { labDateTimeText, optionalText, versionRead, versionWrite } from './shared';

export const limitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  info: optionalText,
  lastModified: labDateTimeText.nullable(),
  min: z.string(),
  max: z.string(),
  version: versionRead,
});
export type Limit = z.infer<typeof limitSchema>;

/** PUT /config/limits/{name}: the Limits page rules, each message on its field, and the version read. */
export const limitWriteSchema = limitSchema
  .extend({
    id: z.number().int().optional(),
    name: configNameSchema,
    info: plainTextSchema.nullable(),
    min: plainTextSchema,
    max: plainTextSchema,
    lastModified: labDateTimeText.nullable().optional(),
    version: versionWrite,
  })
  .superRefine((l, ctx) => {
    const errors = limitErrors(l);
    for (const key of ['info', 'min', 'max'] as const) {
      const message = errors[key];
      if (message) ctx.addIssue({ code: 'custom', path: [key], message });
    }
  });
export type LimitWrite = z.input<typeof limitWriteSchema>;

export const limitsResponseSchema = z.object({ limits: z.array(limitSchema) });
