// The sticker label as ZPL (docs/dev/architecture.md#domain-decisions Labels). The client builds it; the server forwards it
// to a raw-TCP printer, so it accepts exactly the subset built here and nothing that could change
// printer settings (~ commands, ^JU, downloads) or smuggle data.
import { LABEL_ROW_CHARS, labelRowText } from './rules/fields';
import type { LabelFields } from './rules/label';

export const ZPL_MAX_LENGTH = 512;

/** The printer's resolution, dots per inch. */
export const LABEL_DPI = 203;

/** The label stock: 2 × 1.5 inch. */
export const LABEL_SIZE = { width: 2 * LABEL_DPI, height: Math.floor(1.5 * LABEL_DPI) } as const;

/**
 * Fixed layout for a 203 dpi printer; y positions in dots. Top to bottom within the label's 304
 * dots: two rows of 40, the bars (90) with ^BE's interpretation line under them (about 30 dots at
 * ^BY3), the footer, and a margin at each edge.
 */
export const ZPL_LAYOUT = {
  x: 40,
  font: { height: 40 },
  first: 16,
  second: 62,
  barcode: { y: 108, moduleWidth: 3, height: 90 },
  footer: 240,
} as const;

/** One element of the label: what the ZPL prints and what the preview draws, from one source. */
export type LabelElement =
  | { kind: 'text'; row: 'first' | 'second' | 'footer'; x: number; y: number; height: number; value: string }
  | { kind: 'barcode'; x: number; y: number; height: number; moduleWidth: number; digits: string };

/**
 * The label's elements at their fixed positions; empty fields are left out. ^BE takes the first 12
 * digits of the barcode and prints the check digit itself, so only those are kept.
 */
export const labelLayout = (l: LabelFields): LabelElement[] => {
  const { x, font } = ZPL_LAYOUT;
  const text = (row: 'first' | 'second' | 'footer'): LabelElement[] => {
    const value = labelRowText(l[row].trim());
    return value ? [{ kind: 'text', row, x, y: ZPL_LAYOUT[row], height: font.height, value }] : [];
  };
  const digits = l.barcode.replace(/\s/g, '').slice(0, 12);
  const { y, moduleWidth, height } = ZPL_LAYOUT.barcode;
  return [
    ...text('first'),
    ...text('second'),
    ...(l.barcode.trim() ? [{ kind: 'barcode', x, y, height, moduleWidth, digits } as const] : []),
    ...text('footer'),
  ];
};

const zplOf = (e: LabelElement): string =>
  e.kind === 'text'
    ? `^FO${e.x},${e.y}^FD${e.value}^FS`
    : `^BY${e.moduleWidth}^FO${e.x},${e.y}^BEN,${e.height},Y,N^FD${e.digits}^FS`;

/** ^CI28: the field data that follows is UTF-8 (needed only for rows beyond ASCII). */
export const ZPL_UTF8 = '^CI28';

/** One label ^XA … ^XZ. Fields are expected to have passed labelErrors. */
export const buildLabelZpl = (l: LabelFields): string => {
  const elements = labelLayout(l);
  // eslint-disable-next-line no-control-regex -- ASCII is exactly \x00-\x7F
  const utf8 = elements.some((e) => e.kind === 'text' && /[^\x00-\x7F]/.test(e.value));
  return ['^XA', ...(utf8 ? [ZPL_UTF8] : []), `^CF0,${ZPL_LAYOUT.font.height}`, ...elements.map(zplOf), '^XZ'].join('');
};

const FO = String.raw`\^FO\d{1,4},\d{1,4}`;
const TEXT_FIELD = String.raw`${FO}\^FD${LABEL_ROW_CHARS}{1,12}\^FS`;
const BARCODE_FIELD = String.raw`(?:\^BY\d{1,2})?${FO}\^BEN,\d{1,3},[YN],[YN]\^FD\d{12}\^FS`;
const ALLOWED = new RegExp(
  String.raw`^\^XA(?:\^CI28)?(?:\^CF0,\d{1,3})?(?:${TEXT_FIELD}|${BARCODE_FIELD})*\^XZ$`,
  'u',
);

/** Accepts only the command subset buildLabelZpl emits, within ZPL_MAX_LENGTH characters. */
export const isAllowedZpl = (zpl: string): boolean => zpl.length <= ZPL_MAX_LENGTH && ALLOWED.test(zpl);
