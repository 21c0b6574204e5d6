// The path parameter of a screen: `:scrId`, digits.
import { z } from 'zod';

export const SCR_ID_MESSAGE = 'scrId must be a Number';

export const scrIdParams = z.object({
  scrId: z.coerce.number({ error: SCR_ID_MESSAGE }).int(SCR_ID_MESSAGE).positive(SCR_ID_MESSAGE).max(Number.MAX_SAFE_INTEGER, SCR_ID_MESSAGE),
});
