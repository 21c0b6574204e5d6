// Numbers as the lab reads them (docs/dev/product-rules.md#constants: table locale de-AT): '17,19', '1.234,5'. One formatter for
// every place a measured value is shown, so the report lines, the trend charts and the tables
// beside them print the same value the same way (issue 27: the lines printed 17.19 next to 17,19).
export const LAB_LOCALE = 'de-AT';

const formats = new Map<string, Intl.NumberFormat>();

const format = (key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LAB_LOCALE, options);
    formats.set(key, f);
  }
  return f;
};

/** `n` with exactly `decimals` fraction digits: formatDecimal(17.186, 2) → '17,19'. */
export const formatDecimal = (n: number, decimals: number, useGrouping = true): string =>
  format(`fixed/${decimals}/${useGrouping}`, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping,
  }).format(n);

/** `n` with as many fraction digits as it has (up to 6): a limit of 10 → '10', of 0.3 → '0,3'. */
export const formatLabNumber = (n: number): string =>
  format('free', { maximumFractionDigits: 6, useGrouping: true }).format(n);
