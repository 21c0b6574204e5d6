// The Labels page (product spec §2 Labels page, §5 Labels and the table's label rows; docs/labels.md):
// 'There if no information to print!' when the four printed fields are empty; first row, second row
// and footer 1 to 12 word characters, spaces or hyphens; barcode 12 digits, an optional space and the
// check digit; the Sample ID (8 to 13 digits) is limited to 12 characters and fills the barcode with
// the ID padded with zeros to 12 digits, a space and the EAN-13 check digit; editing the barcode
// clears the Sample ID; Clear empties the form; a scanned EAN-13 gives its 12 data digits.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LABEL,
  EMPTY_LABEL_FORM,
  editLabelForm,
  LABEL_PRINT_MESSAGES,
  labelErrors,
  labelFormErrors,
  scannedSampleId,
  validateLabelNotEmpty,
  validateLabelSampleId,
  type LabelForm,
} from '../../../src/domain/rules/label';

const EMPTY = 'There if no information to print!';
const BARCODE = 'Barcode must have 13 digits';
const SAMPLE_ID = 'Sample ID must be a Number and at least 8 and not longer as 13 digits';
const FIRST = 'First row can only have 12 characters!';
const SECOND = 'Second row can only have 12 characters!';
const FOOTER = 'Footer can only have 12 characters!';

describe('Clear', () => {
  it('empties every field of the form', () => {
    expect(EMPTY_LABEL).toEqual({ first: '', second: '', barcode: '', footer: '' });
    expect(EMPTY_LABEL_FORM).toEqual({ sampleId: '', first: '', second: '', barcode: '', footer: '' });
  });
});

describe('the printed fields', () => {
  it('refuses a label whose four fields are empty', () => {
    expect(validateLabelNotEmpty(EMPTY_LABEL)).toBe(EMPTY);
    expect(validateLabelNotEmpty({ first: ' ', second: '  ', barcode: '', footer: ' ' })).toBe(EMPTY);
    expect(labelErrors({ first: ' ', second: '', barcode: '', footer: '' })).toEqual([EMPTY]);
  });

  it.each([
    { ...EMPTY_LABEL, first: 'Beet' },
    { ...EMPTY_LABEL, second: 'Lane 2' },
    { ...EMPTY_LABEL, barcode: '400638133393 1' },
    { ...EMPTY_LABEL, footer: 'Lab-01' },
  ])('one filled field is enough: %o', (label) => {
    expect(validateLabelNotEmpty(label)).toBeNull();
    expect(labelErrors(label)).toEqual([]);
  });

  it.each([
    [{ first: 'ABCDEFGHIJKLM', second: 'ok', barcode: '123', footer: 'Fußzeile-Lab' }, [FIRST, BARCODE]],
    [
      { first: 'Rübe-Probe 1', second: '', barcode: '400638133393 2', footer: 'Fußzeile.' },
      [BARCODE, FOOTER],
    ],
    [{ first: 'Beet', second: 'Lane;2', barcode: '', footer: '' }, [SECOND]],
    [
      { first: 'a/b', second: 'x'.repeat(13), barcode: '40063813339', footer: 'Lab 1!' },
      [FIRST, SECOND, BARCODE, FOOTER],
    ],
  ])('%o → %o', (label, expected) => expect(labelErrors(label)).toEqual(expected));

  it.each([
    ['', null],
    ['12345678', null],
    ['1234567890123', null],
    ['1234567', SAMPLE_ID],
    ['12345678901234', SAMPLE_ID],
    ['1234567a', SAMPLE_ID],
  ])('sample id %s → %s', (v, expected) => expect(validateLabelSampleId(v)).toBe(expected));
});

describe('editing the form', () => {
  const form: LabelForm = { sampleId: '', first: 'Beet', second: 'Lane 2', barcode: '', footer: 'Lab-01' };

  it('fills the barcode from the Sample ID: padded with zeros to 12 digits, a space, the check digit', () => {
    expect(editLabelForm(form, 'sampleId', '40063813')).toEqual({
      ...form,
      sampleId: '40063813',
      barcode: '400638130000 1',
    });
    expect(editLabelForm(form, 'sampleId', ' 40063813 ')).toEqual({
      ...form,
      sampleId: ' 40063813 ',
      barcode: '400638130000 1',
    });
  });

  it('keeps at most 12 characters of the Sample ID', () => {
    expect(editLabelForm(form, 'sampleId', '1234567890123')).toEqual({
      ...form,
      sampleId: '123456789012',
      barcode: '123456789012 8',
    });
  });

  it('leaves the barcode empty while the Sample ID is not digits, or empty', () => {
    const filled = { ...form, sampleId: '40063813', barcode: '400638130000 1' };
    expect(editLabelForm(filled, 'sampleId', '4006381a')).toEqual({
      ...form,
      sampleId: '4006381a',
      barcode: '',
    });
    expect(editLabelForm(filled, 'sampleId', '')).toEqual({ ...form, sampleId: '', barcode: '' });
  });

  it('clears the Sample ID when the barcode is edited', () => {
    const filled = { ...form, sampleId: '40063813', barcode: '400638130000 1' };
    expect(editLabelForm(filled, 'barcode', '400638133393 1')).toEqual({
      ...form,
      sampleId: '',
      barcode: '400638133393 1',
    });
  });

  it.each(['first', 'second', 'footer'] as const)('changes only the %s row when it is edited', (field) => {
    const filled = { ...form, sampleId: '40063813', barcode: '400638130000 1' };
    expect(editLabelForm(filled, field, 'New text')).toEqual({ ...filled, [field]: 'New text' });
  });
});

describe('a scanned code', () => {
  it.each([
    ['4006381333931', '400638133393'],
    [' 4006381333931\n', '400638133393'],
    // Not an EAN-13 (wrong check digit, too short, letters): taken as typed, without the spaces.
    ['4006381333932', '4006381333932'],
    [' 40063813 ', '40063813'],
    ['ABC-1', 'ABC-1'],
  ])('%j → Sample ID %s', (code, sampleId) => expect(scannedSampleId(code)).toBe(sampleId));
});

describe('the form’s messages per field', () => {
  it('the empty-label message alone when nothing would be printed', () => {
    expect(labelFormErrors(EMPTY_LABEL_FORM)).toEqual({ label: EMPTY });
    // The Sample ID is not printed: letters there leave the barcode empty and the label empty.
    expect(labelFormErrors({ ...EMPTY_LABEL_FORM, sampleId: 'abc' })).toEqual({ label: EMPTY });
  });

  it('nothing for a valid form', () => {
    expect(
      labelFormErrors({
        sampleId: '40063813',
        first: 'Beet',
        second: '',
        barcode: '400638130000 1',
        footer: '',
      }),
    ).toEqual({});
  });

  it('each wrong field under its own name', () => {
    expect(
      labelFormErrors({
        sampleId: '1234567',
        first: 'ABCDEFGHIJKLM',
        second: 'Lane;2',
        barcode: '123',
        footer: 'x'.repeat(13),
      }),
    ).toEqual({ sampleId: SAMPLE_ID, first: FIRST, second: SECOND, barcode: BARCODE, footer: FOOTER });
    expect(labelFormErrors({ ...EMPTY_LABEL_FORM, second: 'a/b' })).toEqual({ second: SECOND });
  });
});

describe("the server's answers to a print request (docs/labels.md)", () => {
  it('names the only ZPL it prints', () => {
    expect(LABEL_PRINT_MESSAGES.foreignZpl).toBe(
      'Only a label built by this app can be printed (^XA … ^XZ with text and ^BE fields).',
    );
  });
  it('tells the administrator to set LAB_PRINTER to host:port', () => {
    expect(LABEL_PRINT_MESSAGES.noPrinter).toBe(
      'No label printer is configured: set LAB_PRINTER to host:port (see the Labels help).',
    );
  });
  it('names the printer and why it did not take the label', () => {
    expect(LABEL_PRINT_MESSAGES.unreachable('10.0.0.40:9100', 'connection refused')).toBe(
      'The label printer 10.0.0.40:9100 did not take the label: connection refused.',
    );
  });
});
