// The label preview's EAN-13 bars (docs/dev/product-rules.md#field-rules sample label), decoded with independent tables.
// Equivalent mutant (StrykerJS, docs/dev/mutation-scores.md): barRuns' `i < modules.length` as `<=`
// (the character past the end is undefined, no bar).
import { describe, expect, it } from 'vitest';
import { barRuns, ean13, EAN13_MODULES } from '../../src/domain/ean13';
import { EMPTY_LABEL } from '../../src/domain/rules/label';
import { buildLabelZpl, labelLayout } from '../../src/domain/zpl';

// Independent decode tables (GS1 General Specifications, EAN/UPC symbol character sets).
const SET_A = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const SET_B = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const SET_C = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
const FIRST = ['AAAAAA', 'AABABB', 'AABBAB', 'AABBBA', 'ABAABB', 'ABBAAB', 'ABBBAA', 'ABABAB', 'ABABBA', 'ABBABA'];

const decode = (modules: string): string => {
  expect(modules.slice(0, 3)).toBe('101');
  expect(modules.slice(45, 50)).toBe('01010');
  expect(modules.slice(92)).toBe('101');
  let sets = '';
  let left = '';
  for (let i = 0; i < 6; i++) {
    const code = modules.slice(3 + 7 * i, 10 + 7 * i);
    const a = SET_A.indexOf(code);
    sets += a >= 0 ? 'A' : 'B';
    left += a >= 0 ? a : SET_B.indexOf(code);
  }
  let right = '';
  for (let i = 0; i < 6; i++) right += SET_C.indexOf(modules.slice(50 + 7 * i, 57 + 7 * i));
  return `${FIRST.indexOf(sets)}${left}${right}`;
};

describe('EAN-13 bars', () => {
  it.each(['400638133393', '590123412345', '888888888888', '000000000000', '123456780000', '978030640615'])(
    '%s draws 95 modules that decode back with the check digit',
    (twelve) => {
      const code = ean13(twelve)!;
      expect(code.modules).toHaveLength(EAN13_MODULES);
      expect(decode(code.modules)).toBe(code.digits);
      expect(code.digits.slice(0, 12)).toBe(twelve);
    },
  );

  it.each(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])(
    'first digit %s: its parity pattern, and every digit in the first left position, decode back',
    (first) => {
      const n = Number(first);
      const twelve = `${first}${'01234567890'.slice(n)}${'01234567890'.slice(0, n)}`;
      expect(decode(ean13(twelve)!.modules)).toBe(ean13(twelve)!.digits);
    },
  );

  it('computes the check digit itself', () => expect(ean13('400638133393')!.digits).toBe('4006381333931'));
  it.each(['', '40063813339', '4006381333931', 'abcdefghijkl'])('refuses %j', (v) => expect(ean13(v)).toBeNull());

  it('joins neighbouring bars into runs', () => {
    expect(barRuns('0110100111')).toEqual([
      [1, 2],
      [4, 1],
      [7, 3],
    ]);
    const runs = barRuns(ean13('400638133393')!.modules);
    expect(runs.reduce((n, [, w]) => n + w, 0)).toBe([...ean13('400638133393')!.modules].filter((m) => m === '1').length);
  });
});

describe('label layout (preview and ZPL from one source)', () => {
  it('lists the filled rows in print order with their positions', () => {
    expect(labelLayout({ first: ' A ', second: '', barcode: '123456780000 4', footer: 'F' })).toEqual([
      { kind: 'text', row: 'first', x: 40, y: 16, height: 40, value: 'A' },
      { kind: 'barcode', x: 40, y: 108, height: 90, moduleWidth: 3, digits: '123456780000' },
      { kind: 'text', row: 'footer', x: 40, y: 240, height: 40, value: 'F' },
    ]);
  });

  it('an empty label has no elements and an empty ZPL body', () => {
    expect(labelLayout(EMPTY_LABEL)).toEqual([]);
    expect(buildLabelZpl(EMPTY_LABEL)).toBe('^XA^CF0,40^XZ');
  });
});
