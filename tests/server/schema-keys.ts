// Whether a JSON answer carries exactly the keys of its zod schema, nested ones too.
import { z } from 'zod';

/** The keys a value has beyond or short of its schema, as paths ('analysis[0].rn'); empty when exact. */
export const keyMismatches = (schema: z.ZodType, value: unknown, path = ''): string[] => {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault)
    s = (s as z.ZodNullable<z.ZodType>).unwrap() as z.ZodType;
  if (value === null || value === undefined) return [];
  if (s instanceof z.ZodArray && Array.isArray(value))
    return value.flatMap((v, i) => keyMismatches(s.element as z.ZodType, v, `${path}[${i}]`));
  if (s instanceof z.ZodObject && typeof value === 'object') {
    const shape = s.shape as Record<string, z.ZodType>;
    const record = value as Record<string, unknown>;
    const extra = Object.keys(record).filter((k) => !(k in shape)).map((k) => `${path}.${k} (extra)`);
    const missing = Object.keys(shape)
      .filter((k) => !(k in record) && !(shape[k] instanceof z.ZodOptional))
      .map((k) => `${path}.${k} (missing)`);
    return [
      ...extra,
      ...missing,
      ...Object.keys(shape).flatMap((k) => (k in record ? keyMismatches(shape[k]!, record[k], `${path}.${k}`) : [])),
    ];
  }
  return [];
};

