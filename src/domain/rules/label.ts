// The label form (docs/dev/product-rules.md#field-rules Labels): each row has its own rule, and an all-empty label is refused.
import { isValidEan13, LABEL_SAMPLE_ID_MAX, labelBarcodeText } from '../ids';
import { LABEL_EMPTY } from '../messages';
import { isEmpty, optional, validateBarcode, validateLabelRow, validateSampleLabel } from './fields';

export interface LabelFields {
  first: string;
  second: string;
  barcode: string;
  footer: string;
}

export const EMPTY_LABEL: LabelFields = { first: '', second: '', barcode: '', footer: '' };

export const validateLabelNotEmpty = (l: LabelFields): string | null =>
  [l.first, l.second, l.barcode, l.footer].every(isEmpty) ? LABEL_EMPTY : null;

/** All messages of the form, the empty-label message alone when nothing was entered. */
export const labelErrors = (l: LabelFields): string[] => {
  const empty = validateLabelNotEmpty(l);
  if (empty) return [empty];
  return [
    validateLabelRow('first')(l.first),
    validateLabelRow('second')(l.second),
    optional(validateBarcode)(l.barcode),
    validateLabelRow('footer')(l.footer),
  ].filter((m): m is string => m !== null);
};

/** Blank is allowed (the barcode may be typed instead); the input itself stops at 12 characters. */
export const validateLabelSampleId = optional(validateSampleLabel);

/** The server's answers to a print request (docs/dev/architecture.md#domain-decisions Labels). */
export const LABEL_PRINT_MESSAGES = {
  foreignZpl: 'Only a label built by this app can be printed (^XA … ^XZ with text and ^BE fields).',
  noPrinter: 'No label printer is configured: set LAB_PRINTER to host:port (see the Labels help).',
  unreachable: (printer: string, reason: string) => `The label printer ${printer} did not take the label: ${reason}.`,
} as const;

/** The Labels page's form: the four printed fields plus the Sample ID the barcode is made from. */
export interface LabelForm extends LabelFields {
  sampleId: string;
}

export const EMPTY_LABEL_FORM: LabelForm = { ...EMPTY_LABEL, sampleId: '' };

export type LabelFormField = keyof LabelForm;

/**
 * One edit of the form (docs/dev/product-rules.md#field-rules Labels): the Sample ID keeps at most 12 characters and fills the
 * barcode (padded to 12 digits, a space, the check digit; empty while it is not digits); editing
 * the barcode clears the Sample ID, which no longer describes it.
 */
export const editLabelForm = (form: LabelForm, field: LabelFormField, value: string): LabelForm => {
  if (field === 'sampleId') {
    const sampleId = value.slice(0, LABEL_SAMPLE_ID_MAX);
    return { ...form, sampleId, barcode: labelBarcodeText(sampleId.trim()) ?? '' };
  }
  if (field === 'barcode') return { ...form, barcode: value, sampleId: '' };
  return { ...form, [field]: value };
};

/**
 * A scanned code as the Sample ID: a full 13-digit EAN-13 gives its 12 data digits (the check digit
 * comes back in the barcode), anything else is taken as typed.
 */
export const scannedSampleId = (code: string): string =>
  isValidEan13(code.trim()) ? code.trim().slice(0, 12) : code.trim();

/** Messages per field of the form; `label` holds the empty-label message. */
export const labelFormErrors = (form: LabelForm): Partial<Record<LabelFormField | 'label', string>> => {
  const empty = validateLabelNotEmpty(form);
  if (empty) return { label: empty };
  const found: Partial<Record<LabelFormField | 'label', string>> = {};
  const add = (field: LabelFormField, message: string | null) => {
    if (message) found[field] = message;
  };
  add('sampleId', validateLabelSampleId(form.sampleId));
  add('first', validateLabelRow('first')(form.first));
  add('second', validateLabelRow('second')(form.second));
  add('barcode', optional(validateBarcode)(form.barcode));
  add('footer', validateLabelRow('footer')(form.footer));
  return found;
};
