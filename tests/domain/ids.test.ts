// Sample identifiers (docs/dev/product-rules.md#field-rules): EAN-13 check digits, padding, the Selection card's input, sId|sStamp.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md): parseSampleKey's `at < 0` made false or
// `<=` (without a '|' the whole text, a date-time, is no sId; a leading '|' leaves an empty sId).
import { describe, expect, it } from 'vitest';
import * as I from '../../src/domain/ids';

describe('EAN-13', () => {
  it.each([
    ['400638133393', 1],
    ['590123412345', 7],
    ['978030640615', 7],
    ['888888888888', 8],
    ['000000000000', 0],
    ['123456789012', 8],
  ])('check digit of %s is %i', (twelve, digit) => {
    expect(I.ean13CheckDigit(twelve)).toBe(digit);
    expect(I.isValidEan13(twelve + digit)).toBe(true);
    expect(I.isValidEan13(twelve + ((digit + 1) % 10))).toBe(false);
  });

  it.each(['40063813339', '4006381333931', '40063813339a', ''])('%s has no check digit', (v) =>
    expect(I.ean13CheckDigit(v)).toBeNull(),
  );

  it('a longer code is no EAN-13, even when its first 13 digits are one', () => {
    expect(I.isValidEan13('40063813339315')).toBe(false);
    expect(I.isValidEan13('54006381333931')).toBe(false);
  });

  it('the template sId is a valid EAN-13', () => expect(I.isValidEan13('8888888888888')).toBe(true));
});

describe('padding (zeros on the right)', () => {
  it.each([
    ['12345678', '1234567800004'],
    ['40063813', '4006381300001'],
    ['400638133393', '4006381333931'],
  ])('%s → %s', (short, full) => {
    expect(I.toFullSampleId(short)).toBe(full);
    expect(I.isValidEan13(full)).toBe(true);
    expect(full.startsWith(short)).toBe(true);
  });
  it.each(['1234567890123', '12a', 'a12', ''])('%s cannot be padded', (v) => expect(I.toFullSampleId(v)).toBeNull());

  it.each([
    ['400638133393', '400638133393 1'],
    ['12345678', '123456780000 4'],
    ['1', '100000000000 9'],
    ['', ''],
  ])('label barcode text of %s is %s', (id, text) => expect(I.labelBarcodeText(id)).toBe(text));
  it.each(['1234567890123', 'ab'])('label barcode text of %s is null', (id) =>
    expect(I.labelBarcodeText(id)).toBeNull(),
  );
});

describe('Selection input', () => {
  it.each<[string, I.SampleIdInput]>([
    ['12345678', { kind: 'padded', sId: '1234567800004' }],
    [' 12345678 ', { kind: 'padded', sId: '1234567800004' }],
    ['1234567', { kind: 'prefix', prefix: '1234567' }],
    ['4006381333931', { kind: 'exact', sId: '4006381333931' }],
    ['123456789', { kind: 'exact', sId: '123456789' }],
    ['123456', { kind: 'exact', sId: '123456' }],
    ['12345678901234', { kind: 'invalid' }],
    ['1234567a', { kind: 'invalid' }],
    ['a1234567', { kind: 'invalid' }],
    ['', { kind: 'invalid' }],
  ])('%s → %o', (input, expected) => {
    expect(I.resolveSampleIdInput(input)).toEqual(expected);
    expect(I.classifySampleIdInput(input)).toBe(expected.kind);
  });
});

describe('sample key sId|sStamp', () => {
  it('formats and parses', () => {
    const key = { sId: '4006381333931', sStamp: '2025-10-01 06:00:00' };
    const text = I.formatSampleKey(key);
    expect(text).toBe('4006381333931|2025-10-01 06:00:00');
    expect(I.parseSampleKey(text)).toEqual(key);
  });
  it.each([
    '4006381333931',
    '4006381333931|',
    '|2025-10-01 06:00:00',
    '40063813339311|2025-10-01 06:00:00',
    '4006381333931|2025-10-01T06:00:00',
    '4006381333931|2025-02-29 06:00:00',
  ])('refuses %s', (text) => expect(I.parseSampleKey(text)).toBeNull());
});
