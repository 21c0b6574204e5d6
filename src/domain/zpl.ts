// The sticker label as ZPL (ARCHITECTURE §5 Labels). The client builds it; the server forwards it
// to a raw-TCP printer, so it accepts exactly the subset built here and nothing that could change
// printer settings (~ commands, ^JU, downloads) or smuggle data.
import type { LabelFields } from './rules/label';

export const ZPL_MAX_LENGTH = 512;

/** Fixed layout for a 203 dpi printer; y positions in dots. */
export const ZPL_LAYOUT = {
  x: 40,
  font: { height: 40 },
  first: 30,
  second: 80,
  barcode: { y: 130, moduleWidth: 3, height: 100 },
  footer: 280,
} as const;

const text = (y: number, value: string): string => `^FO${ZPL_LAYOUT.x},${y}^FD${value}^FS`;

/** ^BE prints the check digit itself from the first 12 digits, so only those are sent. */
const barcode = (value: string): string => {
  const { y, moduleWidth, height } = ZPL_LAYOUT.barcode;
  const digits = value.replace(/\s/g, '').slice(0, 12);
  return `^BY${moduleWidth}^FO${ZPL_LAYOUT.x},${y}^BEN,${height},Y,N^FD${digits}^FS`;
};

/** One label ^XA … ^XZ; empty fields are left out. Fields are expected to have passed labelErrors. */
export const buildLabelZpl = (l: LabelFields): string =>
  [
    '^XA',
    `^CF0,${ZPL_LAYOUT.font.height}`,
    l.first.trim() && text(ZPL_LAYOUT.first, l.first.trim()),
    l.second.trim() && text(ZPL_LAYOUT.second, l.second.trim()),
    l.barcode.trim() && barcode(l.barcode),
    l.footer.trim() && text(ZPL_LAYOUT.footer, l.footer.trim()),
    '^XZ',
  ]
    .filter(Boolean)
    .join('');

const FO = String.raw`\^FO\d{1,4},\d{1,4}`;
const TEXT_FIELD = String.raw`${FO}\^FD[\w -]{1,12}\^FS`;
const BARCODE_FIELD = String.raw`(?:\^BY\d{1,2})?${FO}\^BEN,\d{1,3},[YN],[YN]\^FD\d{12}\^FS`;
const ALLOWED = new RegExp(String.raw`^\^XA(?:\^CF0,\d{1,3})?(?:${TEXT_FIELD}|${BARCODE_FIELD})*\^XZ$`);

/** Accepts only the command subset buildLabelZpl emits, within ZPL_MAX_LENGTH characters. */
export const isAllowedZpl = (zpl: string): boolean => zpl.length <= ZPL_MAX_LENGTH && ALLOWED.test(zpl);
