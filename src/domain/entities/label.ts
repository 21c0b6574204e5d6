// Label field of docs/dev/product-rules.md#records: one per row of the printed label.
import { z } from 'zod';

export const LABEL_IDS = ['first', 'second', 'barcode', 'footer'] as const;
export const labelFieldSchema = z.object({ labelID: z.enum(LABEL_IDS), name: z.string(), value: z.string() });
export type LabelField = z.infer<typeof labelFieldSchema>;
