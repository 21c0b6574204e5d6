// de-AT formatting of the lab tables (docs/dev/product-rules.md#constants): '1.234,56'; dates stay 'YYYY-MM-DD HH:mm:ss'.
// One formatter with the report lines and charts (domain/numberFormat.ts).
import { formatDecimal } from '../../../domain/numberFormat';

/** '' for null/undefined; numbers in de-AT with `decimals` fraction digits; anything else as text. */
export const formatCell = (value: unknown, numeric = false, decimals = 0, grouping = true): string => {
  if (value === null || value === undefined) return '';
  if (numeric && typeof value === 'number') return formatDecimal(value, decimals, grouping);
  return String(value);
};

export const formatCount = (n: number): string => formatDecimal(n, 0);
