// One rule per row of docs/dev/product-rules.md#field-rules's table. Each rule returns the row's message or null, and each has a
// zod schema carrying the same message, so forms (string input) and JSON bodies (typed values) are
// judged alike and the server's 400 lists exactly what the form would have shown.
import { z } from 'zod';
import { isDateOrDateTime, isLabDate, isLabDateTime } from '../datetime';
import { isValidEan13 } from '../ids';
import {
  AFLAGS_MESSAGE,
  AID_MESSAGE,
  AMINO_FACTOR_MESSAGE,
  BARCODE_MESSAGE,
  BOX_ID_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  DATE_MESSAGE,
  DATE_OR_DATETIME_MESSAGE,
  DATETIME_MESSAGE,
  LANE_MESSAGE,
  NUM_MAX_MESSAGE,
  REFRESH_TIMER_MESSAGE,
  SAMPLE_LABEL_MESSAGE,
  SCREEN_NUMBER_MESSAGE,
  SFLAGS_MESSAGE,
  SID_MESSAGE,
  TYPE_MESSAGE,
  labelRowMessage,
  type LabelRow,
} from '../messages';

/** What a form field or a JSON property may hold before validation. */
export type FieldValue = string | number | null | undefined;
export type Rule = (value: FieldValue) => string | null;

export const isEmpty = (value: FieldValue): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** For fields that may be left blank: empty passes, anything else must pass the rule. */
export const optional =
  (rule: Rule): Rule =>
  (value) =>
    isEmpty(value) ? null : rule(value);

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A number from a field: finite numbers, or text of digits with an optional dot (no comma, no exponent). */
export const toNumber = (value: FieldValue): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return NUMBER_TEXT.test(t) ? Number(t) : null;
};

const asText = (value: FieldValue): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const patternRule =
  (re: RegExp, message: string): Rule =>
  (value) => {
    const t = asText(value);
    return t !== null && re.test(t) ? null : message;
  };

const intBetween =
  (min: number, max: number, message: string): Rule =>
  (value) => {
    const n = toNumber(value);
    return n !== null && Number.isInteger(n) && n >= min && n <= max ? null : message;
  };

const textRule =
  (test: (t: string) => boolean, message: string): Rule =>
  (value) =>
    typeof value === 'string' && test(value) ? null : message;

// ---- patterns, exported for filters and tests -------------------------------------------------

export const AID_PATTERN = /^\d+$/;
export const SID_PATTERN = /^\d{1,13}$/;
export const SFLAGS_PATTERN = /^[ADFGMTVX\-_][LH\-_/]{0,4}$/;
export const AFLAGS_PATTERN = /^[AFGMTVX\-_][LH\-_]{0,10}$/;
export const BOX_ID_PATTERN = /^[ABCDV]\d+$/;
export const SAMPLE_LABEL_PATTERN = /^\d{8,13}$/;
export const BARCODE_PATTERN = /^\d{12} ?\d$/;
/**
 * Letters (any script: 'Rübe'), digits, '_', space and '-', 1 to 12 of them counted as characters
 * (code points of the NFC form, so 'ü' typed as u + ¨ is one), not bytes. The label switches the
 * printer to UTF-8 (^CI28) when a row holds more than ASCII (zpl.ts).
 */
export const LABEL_ROW_CHARS = String.raw`[\p{L}\p{N}_ \-]`;
export const LABEL_ROW_PATTERN = new RegExp(`^${LABEL_ROW_CHARS}{1,12}$`, 'u');
/** A label row as it is checked and printed: composed characters (NFC). */
export const labelRowText = (value: string): string => value.normalize('NFC');
export const SCREEN_NUMBER_PATTERN = /^\d{1,13}$/;

/**
 * C0 controls but tab, line feed and carriage return (a comment may hold line breaks), DEL and the
 * C1 controls. NUL in particular: PostgreSQL text cannot hold it and fails the whole statement.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
export const CONTROL_CHARACTER_PATTERN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTER_PATTERN.test(text);

// ---- bounds -----------------------------------------------------------------------------------

export const LANE_MIN = 0;
export const LANE_MAX = 3;
export const TYPE_MIN = 0;
export const TYPE_MAX = 3;
export const NUM_MAX_MIN = 1;
export const NUM_MAX_MAX = 40;
export const AMINO_FACTOR_MAX = 20;
export const REFRESH_MIN = 0;
export const REFRESH_MAX = 600;

// ---- the rows -----------------------------------------------------------------------------------

export const validateDateTime: Rule = textRule(isLabDateTime, DATETIME_MESSAGE);
export const validateDate: Rule = textRule(isLabDate, DATE_MESSAGE);
export const validateDateOrDateTime: Rule = textRule(isDateOrDateTime, DATE_OR_DATETIME_MESSAGE);
export const validateAId: Rule = patternRule(AID_PATTERN, AID_MESSAGE);
export const validateSId: Rule = patternRule(SID_PATTERN, SID_MESSAGE);
export const validateSFlags: Rule = patternRule(SFLAGS_PATTERN, SFLAGS_MESSAGE);
export const validateAFlags: Rule = patternRule(AFLAGS_PATTERN, AFLAGS_MESSAGE);
export const validateLane: Rule = intBetween(LANE_MIN, LANE_MAX, LANE_MESSAGE);
/** Applies to a box's bId and to its name alike. */
export const validateBoxId: Rule = patternRule(BOX_ID_PATTERN, BOX_ID_MESSAGE);
export const validateType: Rule = intBetween(TYPE_MIN, TYPE_MAX, TYPE_MESSAGE);
export const validateNumMax: Rule = intBetween(NUM_MAX_MIN, NUM_MAX_MAX, NUM_MAX_MESSAGE);
/** The rule is '>0 and <=20' (fractions allowed); the message's '1' is the spec's wording. */
export const validateAminoFactor: Rule = (value) => {
  const n = toNumber(value);
  return n !== null && n > 0 && n <= AMINO_FACTOR_MAX ? null : AMINO_FACTOR_MESSAGE;
};
export const validateSampleLabel: Rule = patternRule(SAMPLE_LABEL_PATTERN, SAMPLE_LABEL_MESSAGE);
/**
 * 12 digits, an optional space, the EAN-13 check digit of those 12: a typing slip in any digit
 * changes the check digit, so a wrong one is refused with the same message (the printer would
 * otherwise print a code whose last digit the bars do not carry).
 */
export const isBarcodeText = (value: string): boolean =>
  BARCODE_PATTERN.test(value) && isValidEan13(value.replace(' ', ''));
export const validateBarcode: Rule = textRule(isBarcodeText, BARCODE_MESSAGE);
/** A blank row is allowed here: the label as a whole needs at least one field (see label rules). */
export const validateLabelRow =
  (row: LabelRow): Rule =>
  (value) =>
    isEmpty(value) || (typeof value === 'string' && LABEL_ROW_PATTERN.test(labelRowText(value)))
      ? null
      : labelRowMessage(row);
export const validateRefreshTimer: Rule = intBetween(REFRESH_MIN, REFRESH_MAX, REFRESH_TIMER_MESSAGE);
export const validateScreenNumber: Rule = patternRule(SCREEN_NUMBER_PATTERN, SCREEN_NUMBER_MESSAGE);

// ---- zod schemas of the same rows (JSON types: numbers as numbers, text as strings) ------------

/** Any free text a client writes (names, comments, limit info, setting values, path names). */
export const plainTextSchema = z.string().refine((t) => !hasControlCharacters(t), CONTROL_CHARACTERS_MESSAGE);
/** The name of a limit or setting as a path parameter or in the body. */
export const configNameSchema = z
  .string()
  .min(1)
  .max(32)
  .refine((t) => !hasControlCharacters(t), CONTROL_CHARACTERS_MESSAGE);

const str = (message: string) => z.string({ error: message });
const int = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const dateTimeSchema = str(DATETIME_MESSAGE).refine(isLabDateTime, DATETIME_MESSAGE);
/**
 * A lab date-time as it travels in a URL: the lab form ('2025-10-01 06:00:00', URL-encoded) or the
 * filter form with 'T' (docs/dev/architecture.md#api-contract: dates use 'T' in query strings); either way the lab form.
 */
export const dateTimeParamSchema = z
  .string()
  .transform((t) => (/^\d{4}-\d{2}-\d{2}T/.test(t) ? t.replace('T', ' ') : t))
  .pipe(dateTimeSchema);
export const dateSchema = str(DATE_MESSAGE).refine(isLabDate, DATE_MESSAGE);
export const dateOrDateTimeSchema = str(DATE_OR_DATETIME_MESSAGE).refine(
  isDateOrDateTime,
  DATE_OR_DATETIME_MESSAGE,
);
/** aId is a generated bigint; JSON carries it as a number, path parameters as digits. */
export const aIdSchema = z.union(
  [z.number().int(AID_MESSAGE).nonnegative(AID_MESSAGE), str(AID_MESSAGE).regex(AID_PATTERN, AID_MESSAGE)],
  { error: AID_MESSAGE },
);
export const sIdSchema = str(SID_MESSAGE).regex(SID_PATTERN, SID_MESSAGE);
export const sFlagsSchema = str(SFLAGS_MESSAGE).regex(SFLAGS_PATTERN, SFLAGS_MESSAGE);
export const aFlagsSchema = str(AFLAGS_MESSAGE).regex(AFLAGS_PATTERN, AFLAGS_MESSAGE);
export const laneSchema = int(LANE_MIN, LANE_MAX, LANE_MESSAGE);
export const boxIdSchema = str(BOX_ID_MESSAGE).regex(BOX_ID_PATTERN, BOX_ID_MESSAGE);
export const typeSchema = int(TYPE_MIN, TYPE_MAX, TYPE_MESSAGE);
export const numMaxSchema = int(NUM_MAX_MIN, NUM_MAX_MAX, NUM_MAX_MESSAGE);
export const aminoFactorSchema = z
  .number({ error: AMINO_FACTOR_MESSAGE })
  .gt(0, AMINO_FACTOR_MESSAGE)
  .max(AMINO_FACTOR_MAX, AMINO_FACTOR_MESSAGE);
export const sampleLabelSchema = str(SAMPLE_LABEL_MESSAGE).regex(SAMPLE_LABEL_PATTERN, SAMPLE_LABEL_MESSAGE);
export const barcodeSchema = str(BARCODE_MESSAGE).refine(isBarcodeText, BARCODE_MESSAGE);
export const labelRowSchema = (row: LabelRow) =>
  str(labelRowMessage(row)).refine((v) => v === '' || LABEL_ROW_PATTERN.test(labelRowText(v)), labelRowMessage(row));
export const refreshTimerSchema = int(REFRESH_MIN, REFRESH_MAX, REFRESH_TIMER_MESSAGE);
export const screenNumberSchema = str(SCREEN_NUMBER_MESSAGE).regex(
  SCREEN_NUMBER_PATTERN,
  SCREEN_NUMBER_MESSAGE,
);
