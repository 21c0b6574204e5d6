// de-AT formatting of the lab tables (spec §9): '1.234,56'; dates stay 'YYYY-MM-DD HH:mm:ss'.
import { LAB_LOCALE } from '../../kit';

const formatters = new Map<string, Intl.NumberFormat>();

const numberFormat = (decimals: number, useGrouping = true): Intl.NumberFormat => {
  const key = `${decimals}/${useGrouping}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LAB_LOCALE, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping,
    });
    formatters.set(key, f);
  }
  return f;
};

/** '' for null/undefined; numbers in de-AT with `decimals` fraction digits; anything else as text. */
export const formatCell = (value: unknown, numeric = false, decimals = 0, grouping = true): string => {
  if (value === null || value === undefined) return '';
  if (numeric && typeof value === 'number') return numberFormat(decimals, grouping).format(value);
  return String(value);
};

export const formatCount = (n: number): string => numberFormat(0).format(n);
