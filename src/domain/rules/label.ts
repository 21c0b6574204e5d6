// The label form (spec §5 Labels): each row has its own rule, and an all-empty label is refused.
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

/** The server's answers to a print request (ARCHITECTURE §5 Labels). */
export const LABEL_PRINT_MESSAGES = {
  foreignZpl: 'Only a label built by this app can be printed (^XA … ^XZ with text and ^BE fields).',
  noPrinter: 'No label printer is configured: set LAB_PRINTER to host:port (see the Labels help).',
  unreachable: (printer: string, reason: string) => `The label printer ${printer} did not take the label: ${reason}.`,
} as const;
