// Sample identifiers: the 13-digit sId is an EAN-13 code. Staff often type or print only the
// leading 8 digits, which the app widens to the full code.
//
// Padding side: zeros go on the RIGHT ('12345678' → '123456780000' + check digit). The short id is
// the leading part of the full code, so that an 8-digit entry and a 7-digit prefix search
// ('GET …/startsWith/{id}') both refer to the same leading digits of the sId.
import { parseLabDateTime } from './datetime';

export const SID_MAX_LENGTH = 13;
export const PADDED_INPUT_LENGTH = 8;
export const PREFIX_INPUT_LENGTH = 7;
export const LABEL_SAMPLE_ID_MAX = 12;

const DIGITS = /^\d+$/;

/** EAN-13 check digit of 12 digits: weights 1,3,1,3,… from the left; null if not 12 digits. */
export const ean13CheckDigit = (twelve: string): number | null => {
  if (!/^\d{12}$/.test(twelve)) return null;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
};

export const isValidEan13 = (code: string): boolean =>
  /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

/** Up to 12 digits padded with zeros on the right to 12; null if not digits or too long. */
export const padTo12 = (id: string): string | null =>
  DIGITS.test(id) && id.length <= 12 ? id.padEnd(12, '0') : null;

/** Short id → full sId: padded to 12 plus the EAN-13 check digit. */
export const toFullSampleId = (id: string): string | null => {
  const twelve = padTo12(id);
  return twelve === null ? null : twelve + String(ean13CheckDigit(twelve));
};

/** Text of the label's barcode field: 'NNNNNNNNNNNN C' (docs/dev/product-rules.md#field-rules Labels). Empty for empty input. */
export const labelBarcodeText = (sampleId: string): string | null => {
  if (sampleId === '') return '';
  const twelve = padTo12(sampleId);
  return twelve === null ? null : `${twelve} ${ean13CheckDigit(twelve)}`;
};

export type SampleIdInputKind = 'exact' | 'padded' | 'prefix' | 'invalid';
export type SampleIdInput =
  | { kind: 'exact'; sId: string }
  | { kind: 'padded'; sId: string }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'invalid' };

/**
 * What a typed or scanned id means in the Selection card: 8 digits → padded to the full code,
 * 7 digits → prefix search, any other 1–13 digits → that sId as is.
 */
export const resolveSampleIdInput = (raw: string): SampleIdInput => {
  const input = raw.trim();
  if (!DIGITS.test(input) || input.length > SID_MAX_LENGTH) return { kind: 'invalid' };
  if (input.length === PADDED_INPUT_LENGTH) return { kind: 'padded', sId: toFullSampleId(input)! };
  if (input.length === PREFIX_INPUT_LENGTH) return { kind: 'prefix', prefix: input };
  return { kind: 'exact', sId: input };
};

export const classifySampleIdInput = (raw: string): SampleIdInputKind => resolveSampleIdInput(raw).kind;

// ---- composite sample ID 'sId|sStamp' ------------------------------------------------------------

export interface SampleKey {
  sId: string;
  sStamp: string;
}

export const SAMPLE_KEY_SEPARATOR = '|';

export const formatSampleKey = (key: SampleKey): string => `${key.sId}${SAMPLE_KEY_SEPARATOR}${key.sStamp}`;

/** 'sId|YYYY-MM-DD HH:mm:ss' → its parts; null unless both parts are valid. */
export const parseSampleKey = (text: string): SampleKey | null => {
  const at = text.indexOf(SAMPLE_KEY_SEPARATOR);
  if (at < 0) return null;
  const sId = text.slice(0, at);
  const sStamp = text.slice(at + 1);
  if (!/^\d{1,13}$/.test(sId) || parseLabDateTime(sStamp) === null) return null;
  return { sId, sStamp };
};
