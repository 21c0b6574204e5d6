// Every row of docs/dev/product-rules.md#field-rules's table, valid and invalid, through the rule function and its zod schema.
//
// Equivalent mutants left by StrykerJS (docs/dev/mutation-scores.md, run with this file and
// tests/domain/rules/*.test.ts): every check that a value is a string, a number or not null before a
// pattern or a bound judges it, made true (asText's two `typeof`, patternRule's and intBetween's
// `!== null`, validateAminoFactor's `n !== null`): a regex reads null, undefined or a boolean as the
// text 'null', 'undefined' or 'true', which no field's pattern accepts, and `null > 0` and
// `Number.isInteger(null)` are false, so the value gets its message all the same; the `^` of
// dateTimeParamSchema's 'T' test (a 'T' replaced anywhere but after a leading date leaves no lab
// date-time, which the pipe then refuses); BARCODE_PATTERN's `^` and `$` (isValidEan13 asks for
// exactly 13 digits after the one space is taken out). Two mutants Stryker reports as survivors fail
// this file when planted by hand: LABEL_ROW_CHARS emptied and `str` made `() => undefined` each throw
// while the module is imported, and Stryker's vitest runner counts a file that fails while it is
// collected as no failure.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as M from '../../src/domain/messages';
import * as F from '../../src/domain/rules/fields';

type Row = [F.FieldValue, string | null];

const firstMessage = (schema: z.ZodType, value: unknown): string | null => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
};

describe('datetime', () => {
  it.each<Row>([
    ['2000-01-01 00:00:00', null],
    ['2024-02-29 12:00:00', null],
    ['2000-02-29 23:59:59', null],
    ['2023-02-29 12:00:00', M.DATETIME_MESSAGE],
    ['1900-02-29 12:00:00', M.DATETIME_MESSAGE],
    ['2024-02-29 23:59:59', null],
    ['2024-02-29 24:00:00', M.DATETIME_MESSAGE],
    ['2024-01-01 23:60:00', M.DATETIME_MESSAGE],
    ['2024-01-01 23:59:60', M.DATETIME_MESSAGE],
    ['2024-04-31 10:00:00', M.DATETIME_MESSAGE],
    ['2024-13-01 10:00:00', M.DATETIME_MESSAGE],
    ['2024-01-01T10:00:00', M.DATETIME_MESSAGE],
    ['2024-01-01 10:00', M.DATETIME_MESSAGE],
    ['2024-01-01 10:00:00.5', M.DATETIME_MESSAGE],
    ['2024-01-01', M.DATETIME_MESSAGE],
    ['', M.DATETIME_MESSAGE],
    [null, M.DATETIME_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateDateTime(value)).toBe(expected);
    expect(firstMessage(F.dateTimeSchema, value)).toBe(expected);
  });
});

describe('date', () => {
  it.each<Row>([
    ['2000-01-01', null],
    ['2024-02-29', null],
    ['2000-02-29', null],
    ['2023-02-29', M.DATE_MESSAGE],
    ['1900-02-29', M.DATE_MESSAGE],
    ['2024-00-10', M.DATE_MESSAGE],
    ['2024-1-1', M.DATE_MESSAGE],
    ['2024-01-01 00:00:00', M.DATE_MESSAGE],
    ['', M.DATE_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateDate(value)).toBe(expected);
    expect(firstMessage(F.dateSchema, value)).toBe(expected);
  });
});

describe('date or datetime', () => {
  it.each<Row>([
    ['2000-01-01', null],
    ['2000-01-01 00:00:00', null],
    ['2024-02-29', null],
    ['2024-02-29 23:59:59', null],
    ['2023-02-29', M.DATE_OR_DATETIME_MESSAGE],
    ['1900-02-29 00:00:00', M.DATE_OR_DATETIME_MESSAGE],
    ['2024-02-29 24:00:00', M.DATE_OR_DATETIME_MESSAGE],
    ['2024-02-29T10:00:00', M.DATE_OR_DATETIME_MESSAGE],
    ['tomorrow', M.DATE_OR_DATETIME_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateDateOrDateTime(value)).toBe(expected);
    expect(firstMessage(F.dateOrDateTimeSchema, value)).toBe(expected);
  });
});

describe('aId', () => {
  it.each<Row>([
    ['0', null],
    ['12345', null],
    [42, null],
    ['12a', M.AID_MESSAGE],
    ['a12', M.AID_MESSAGE],
    ['-1', M.AID_MESSAGE],
    [null, M.AID_MESSAGE],
    [undefined, M.AID_MESSAGE],
    ['1.5', M.AID_MESSAGE],
    ['', M.AID_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateAId(value)).toBe(expected);
  });
  it.each<[unknown, string | null]>([
    [42, null],
    ['42', null],
    [-1, M.AID_MESSAGE],
    [1.5, M.AID_MESSAGE],
    ['4x', M.AID_MESSAGE],
    [null, M.AID_MESSAGE],
    [true, M.AID_MESSAGE],
  ])('schema %s → %s', (value, expected) => expect(firstMessage(F.aIdSchema, value)).toBe(expected));
});

describe('sId', () => {
  it.each<Row>([
    ['1', null],
    ['8888888888888', null],
    ['1234567890123', null],
    ['12345678901234', M.SID_MESSAGE],
    ['123456789012a', M.SID_MESSAGE],
    [' 123', M.SID_MESSAGE],
    ['', M.SID_MESSAGE],
    [null, M.SID_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateSId(value)).toBe(expected);
    expect(firstMessage(F.sIdSchema, value)).toBe(expected);
  });
});

describe('sFlags', () => {
  it.each<Row>([
    ...['A', 'D', 'F', 'G', 'M', 'T', 'V', 'X', '-', '_'].map((c): Row => [c, null]),
    ['-----', null],
    ['F/LH-', null],
    ['X_/_H', null],
    ['-LH-/-', M.SFLAGS_MESSAGE],
    ['B----', M.SFLAGS_MESSAGE],
    ['f----', M.SFLAGS_MESSAGE],
    ['-X', M.SFLAGS_MESSAGE],
    ['', M.SFLAGS_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateSFlags(value)).toBe(expected);
    expect(firstMessage(F.sFlagsSchema, value)).toBe(expected);
  });
});

describe('aFlags', () => {
  it.each<Row>([
    ...['A', 'F', 'G', 'M', 'T', 'V', 'X', '-', '_'].map((c): Row => [c, null]),
    ['-----', null],
    ['FLHLH-_-LHL', null],
    ['FLHLH-_-LHLH', M.AFLAGS_MESSAGE],
    ['D----', M.AFLAGS_MESSAGE],
    ['-/---', M.AFLAGS_MESSAGE],
    ['-x', M.AFLAGS_MESSAGE],
    ['', M.AFLAGS_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateAFlags(value)).toBe(expected);
    expect(firstMessage(F.aFlagsSchema, value)).toBe(expected);
  });
});

const intBound = (
  name: string,
  rule: F.Rule,
  schema: z.ZodType,
  message: string,
  valid: number[],
  invalid: F.FieldValue[],
) =>
  describe(name, () => {
    it.each(valid)('%s is valid (number and text)', (n) => {
      expect(rule(n)).toBeNull();
      expect(rule(String(n))).toBeNull();
      expect(firstMessage(schema, n)).toBeNull();
    });
    it.each(invalid)('%s is refused', (v) => {
      expect(rule(v)).toBe(message);
      if (typeof v === 'number') expect(firstMessage(schema, v)).toBe(message);
    });
    it('the schema refuses text', () => expect(firstMessage(schema, '1')).toBe(message));
  });

intBound('lane', F.validateLane, F.laneSchema, M.LANE_MESSAGE, [0, 1, 2, 3], [-1, 4, 1.5, '', 'a', null]);
intBound('type', F.validateType, F.typeSchema, M.TYPE_MESSAGE, [0, 3], [-1, 4, 2.5, '']);
intBound('numMax', F.validateNumMax, F.numMaxSchema, M.NUM_MAX_MESSAGE, [1, 20, 40], [0, 41, -5, 10.5, '']);
intBound(
  'refreshTimer',
  F.validateRefreshTimer,
  F.refreshTimerSchema,
  M.REFRESH_TIMER_MESSAGE,
  [0, 1, 600],
  [-1, 601, 0.5, ''],
);

describe('aminoFactor (>0 and <=20, fractions allowed)', () => {
  it.each<Row>([
    [0.1, null],
    [1, null],
    ['20', null],
    ['19.5', null],
    [20, null],
    [0, M.AMINO_FACTOR_MESSAGE],
    [-1, M.AMINO_FACTOR_MESSAGE],
    [20.01, M.AMINO_FACTOR_MESSAGE],
    [21, M.AMINO_FACTOR_MESSAGE],
    ['1,5', M.AMINO_FACTOR_MESSAGE],
    ['', M.AMINO_FACTOR_MESSAGE],
    [null, M.AMINO_FACTOR_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateAminoFactor(value)).toBe(expected);
    if (typeof value === 'number') expect(firstMessage(F.aminoFactorSchema, value)).toBe(expected);
  });
  it('the schema refuses text', () =>
    expect(firstMessage(F.aminoFactorSchema, '2')).toBe(M.AMINO_FACTOR_MESSAGE));
});

describe('bId and box name', () => {
  it.each<Row>([
    ['A1', null],
    ['B12', null],
    ['C007', null],
    ['D9', null],
    ['V123', null],
    ['E1', M.BOX_ID_MESSAGE],
    ['a1', M.BOX_ID_MESSAGE],
    ['A', M.BOX_ID_MESSAGE],
    ['A1B', M.BOX_ID_MESSAGE],
    ['1A', M.BOX_ID_MESSAGE],
    ['XA1', M.BOX_ID_MESSAGE],
    [' A1', M.BOX_ID_MESSAGE],
    ['', M.BOX_ID_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateBoxId(value)).toBe(expected);
    expect(firstMessage(F.boxIdSchema, value)).toBe(expected);
  });
});

describe('sampleLabel (8 to 13 digits)', () => {
  it.each<Row>([
    ['12345678', null],
    ['1234567890123', null],
    ['1234567', M.SAMPLE_LABEL_MESSAGE],
    ['12345678901234', M.SAMPLE_LABEL_MESSAGE],
    ['1234567a', M.SAMPLE_LABEL_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateSampleLabel(value)).toBe(expected);
    expect(firstMessage(F.sampleLabelSchema, value)).toBe(expected);
  });
});

describe('barcode (12 digits, optional space, 1 digit)', () => {
  it.each<Row>([
    ['400638133393 1', null],
    ['4006381333931', null],
    ['400638133393  1', M.BARCODE_MESSAGE],
    ['40063813339 1', M.BARCODE_MESSAGE],
    ['400638133393', M.BARCODE_MESSAGE],
    ['400638133393 12', M.BARCODE_MESSAGE],
    ['40063813339a 1', M.BARCODE_MESSAGE],
    // Issue 27: a hand-typed barcode whose check digit does not belong to its 12 digits.
    ['400638133393 2', M.BARCODE_MESSAGE],
    ['4006381333930', M.BARCODE_MESSAGE],
    ['123456780000 4', null],
  ])('%s → %s', (value, expected) => {
    expect(F.validateBarcode(value)).toBe(expected);
    expect(firstMessage(F.barcodeSchema, value)).toBe(expected);
  });
});

describe('label rows: first, second, footer', () => {
  it.each([
    ['first', 'First row can only have 12 characters!'],
    ['second', 'Second row can only have 12 characters!'],
    ['footer', 'Footer can only have 12 characters!'],
  ] as const)('%s', (row, message) => {
    const rule = F.validateLabelRow(row);
    const schema = F.labelRowSchema(row);
    // Issue 27: twelve characters, not bytes ('Rübe-Probe 1' is 13 bytes in UTF-8); 'ü' typed as
    // u + combining diaeresis is one character too.
    for (const ok of [
      '',
      'Beet 2025',
      'ABCDEFGHIJKL',
      'a_b-c d',
      'x',
      'Rübe',
      'Rübe-Probe 1',
      'Ru\u0308be-Probe 1',
      'Fußzeile',
    ]) {
      expect(rule(ok)).toBeNull();
      expect(firstMessage(schema, ok)).toBeNull();
    }
    for (const bad of ['ABCDEFGHIJKLM', 'Rübe-Probe 12', 'a,b', 'a^FS', '~JA']) {
      expect(rule(bad)).toBe(message);
      expect(firstMessage(schema, bad)).toBe(message);
    }
    // A row is text: a number in a JSON body is refused, as the schema does.
    expect(rule(5)).toBe(message);
    expect(firstMessage(schema, 5)).toBe(message);
  });
});

describe('screenNumber (1 to 13 digits)', () => {
  it.each<Row>([
    ['1', null],
    ['1234567890123', null],
    ['12345678901234', M.SCREEN_NUMBER_MESSAGE],
    ['12a', M.SCREEN_NUMBER_MESSAGE],
    ['', M.SCREEN_NUMBER_MESSAGE],
  ])('%s → %s', (value, expected) => {
    expect(F.validateScreenNumber(value)).toBe(expected);
    expect(firstMessage(F.screenNumberSchema, value)).toBe(expected);
  });
});

describe('helpers', () => {
  it('optional lets empty values pass', () => {
    const lane = F.optional(F.validateLane);
    expect(lane(0)).toBeNull();
    expect(lane(4)).toBe(M.LANE_MESSAGE);
    expect(lane('')).toBeNull();
    expect(lane(null)).toBeNull();
    expect(lane(undefined)).toBeNull();
    expect(lane('  ')).toBeNull();
    expect(lane('4')).toBe(M.LANE_MESSAGE);
  });
  it.each<[F.FieldValue, number | null]>([
    ['1.5', 1.5],
    [' 2 ', 2],
    ['-3', -3],
    ['+.5', 0.5],
    ['.25', 0.25],
    ['16.25', 16.25],
    ['22', 22],
    ['17.', 17],
    ['x1', null],
    [null, null],
    [undefined, null],
    ['1,5', null],
    ['1e3', null],
    ['', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('toNumber(%s) = %s', (v, n) => expect(F.toNumber(v)).toBe(n));
});

describe('isEmpty', () => {
  it.each<[F.FieldValue, boolean]>([
    [null, true],
    [undefined, true],
    ['', true],
    [' \t ', true],
    ['0', false],
    [0, false],
    [' a ', false],
  ])('%j → %s', (v, expected) => expect(F.isEmpty(v)).toBe(expected));
});

describe('a date-time in a URL (sStamp of a sample key)', () => {
  it.each<[string, string]>([
    ['2025-10-01T06:00:00', '2025-10-01 06:00:00'],
    ['2025-10-01 06:00:00', '2025-10-01 06:00:00'],
  ])('%s → %s', (text, lab) => expect(F.dateTimeParamSchema.parse(text)).toBe(lab));
  it.each(['2025-10-01T24:00:00', '2025-10-01', 'T2025-10-01 06:00:00', '2025-1-01T06:00:00'])(
    '%s is refused',
    (text) => expect(firstMessage(F.dateTimeParamSchema, text)).toBe(M.DATETIME_MESSAGE),
  );
});

describe('free text without control characters', () => {
  it('refuses NUL and other control characters, keeps tab and line breaks and any unicode', () => {
    const { plainTextSchema, configNameSchema, hasControlCharacters } = F;
    const { CONTROL_CHARACTERS_MESSAGE } = M;
    for (const bad of ['\u0000', 'a\u0000b', '\u0001', '\u001b[31m', '\u007f', '\u0085', '\u009f']) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
      const parsed = plainTextSchema.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(configNameSchema.safeParse(bad).success).toBe(false);
    }
    for (const ok of ['', 'x\ty', 'line 1\r\nline 2', 'é ß 𝔘 ٣ 👩‍🔬', 'Polarisation (sugar content) in %'])
      expect(plainTextSchema.safeParse(ok).success, JSON.stringify(ok)).toBe(true);
    expect(configNameSchema.safeParse('').success).toBe(false);
    expect(configNameSchema.safeParse('a'.repeat(33)).success).toBe(false);
  });

  it("a limit's or a setting's name: 1 to 32 characters, a control character refused with its message", () => {
    const { configNameSchema } = F;
    for (const name of ['pol', 'aminoFactor', 'campaign', 'a'.repeat(32), 'Zuckergehalt (%)'])
      expect(configNameSchema.parse(name)).toBe(name);
    expect(firstMessage(configNameSchema, 'amino\u0000Factor')).toBe(M.CONTROL_CHARACTERS_MESSAGE);
  });
});

describe('a rule meets a number where text is asked for (a JSON body)', () => {
  it('a barcode given as a number gets its message, as the schema refuses it', () => {
    expect(F.validateBarcode(4006381333931)).toBe(M.BARCODE_MESSAGE);
    expect(firstMessage(F.barcodeSchema, 4006381333931)).toBe(M.BARCODE_MESSAGE);
  });
  it('a date-time given as a number gets its message', () => {
    expect(F.validateDateTime(20251001060000)).toBe(M.DATETIME_MESSAGE);
    expect(F.validateDate(20251001)).toBe(M.DATE_MESSAGE);
  });
});
