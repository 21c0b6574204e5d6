// Editing a value limit (docs/dev/product-rules.md#field-rules Limits). min and max travel as text, so the text is judged, not a number.
import {
  INFO_MUST_BE_SET,
  LIMIT_MAX_BELOW_MIN,
  LIMIT_MIN_ABOVE_MAX,
  LIMIT_MUST_BE_NUMBER,
  LIMIT_ONLY_NUMERIC,
} from '../messages';
import { isEmpty, toNumber, type FieldValue } from './fields';

const ALLOWED_CHARS = /^[\d.+-]*$/;

export const validateLimitInfo = (info: FieldValue): string | null =>
  isEmpty(info) ? INFO_MUST_BE_SET : null;

/** Foreign characters (a comma, letters) get the more helpful message before 'not a number'. */
export const validateLimitNumber = (value: FieldValue): string | null => {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!ALLOWED_CHARS.test(text)) return LIMIT_ONLY_NUMERIC;
  return toNumber(text) === null ? LIMIT_MUST_BE_NUMBER : null;
};

export const validateLimitMin = (min: FieldValue, max: FieldValue): string | null => {
  const own = validateLimitNumber(min);
  if (own) return own;
  const other = toNumber(max);
  return other !== null && toNumber(min)! > other ? LIMIT_MIN_ABOVE_MAX : null;
};

export const validateLimitMax = (min: FieldValue, max: FieldValue): string | null => {
  const own = validateLimitNumber(max);
  if (own) return own;
  const other = toNumber(min);
  return other !== null && toNumber(max)! < other ? LIMIT_MAX_BELOW_MIN : null;
};

export interface LimitEdit {
  info: FieldValue;
  min: FieldValue;
  max: FieldValue;
}

export interface LimitErrors {
  info: string | null;
  min: string | null;
  max: string | null;
}

export const limitErrors = (l: LimitEdit): LimitErrors => ({
  info: validateLimitInfo(l.info),
  min: validateLimitMin(l.min, l.max),
  max: validateLimitMax(l.min, l.max),
});

/** Update stays disabled while any row has an error. */
export const isLimitValid = (l: LimitEdit): boolean => Object.values(limitErrors(l)).every((m) => m === null);
