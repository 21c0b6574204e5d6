// The path parameters the routes share, built once from the domain's rules (docs/dev/product-rules.md#field-rules messages): a
// record id of every kind is checked the same way wherever it appears in a URL.
import { z } from 'zod';
import { AID_MESSAGE } from '../../domain/messages';
import { AID_PATTERN, dateTimeParamSchema, sIdSchema } from '../../domain/rules/fields';
import { HttpError } from '../http/errors';

/** `:id` of an analysis: digits ('aId must be a Number' otherwise). */
export const aIdParams = z.object({ id: z.string().regex(AID_PATTERN, AID_MESSAGE) });

/** `:id` that is an sId or an sId prefix. */
export const sIdParams = z.object({ id: sIdSchema });

/** `:sId/:sStamp`, the sample key. */
export const sampleKeyParams = z.object({ sId: sIdSchema, sStamp: dateTimeParamSchema });

/** An aId of the path as the number a write works with; beyond a safe integer it is no aId. */
export const aIdNumber = (text: string): number => {
  const id = Number(text);
  if (!Number.isSafeInteger(id)) throw new HttpError(400, AID_MESSAGE, [AID_MESSAGE]);
  return id;
};
