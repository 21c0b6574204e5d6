// A screen file (docs/screens.md, docs/dev/architecture.md#domain-decisions Screens): `;`-separated,
// first line ScreenNumber;SampleID;ItemName, then one line per item: ScreenNumber and SampleID 1 to 13
// digits, SampleID at most once per screen, ItemName at most 40 characters without control
// characters. Every line is checked; a file with any wrong line imports nothing, and the message
// lists each wrong line with the reason ('Line 3122: SampleID must be 1 to 13 digits').
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md): `header !== 'ok'` in add() made
// false (after a bad header result() answers with the header's line alone, whatever the later lines
// hold); `errors.length === 0` before keeping a line made true (the lines are returned only when
// there is no error).
import { describe, expect, it } from 'vitest';
import {
  badLine,
  ITEM_NAME_MAX,
  lineProblems,
  SCREEN_FILE_DELIMITER,
  SCREEN_FILE_HEADER,
  screenFileChecker,
  type ScreenFileCheck,
} from '../../../src/domain/rules/screenFile';

const HEADER_WRONG = 'The first line must be ScreenNumber;SampleID;ItemName';
const FIELDS = 'A line must have 3 fields: ScreenNumber;SampleID;ItemName';
const SCREEN_NUMBER = 'ScreenNumber must be 1 to 13 digits';
const SAMPLE_ID = 'SampleID must be 1 to 13 digits';
const ITEM_NAME = 'ItemName must be at most 40 printable characters';
const EMPTY = 'The file holds no screen items';

/** The checker's verdict on a file's lines, numbered from 1 as a reader without blank lines gives them. */
const check = (...lines: string[]): ScreenFileCheck => {
  const checker = screenFileChecker();
  lines.forEach((text, i) => checker.add({ line: i + 1, fields: text.split(';') }));
  return checker.result();
};
const HEADER = 'ScreenNumber;SampleID;ItemName';

describe('the file layout', () => {
  it('is ;-separated with the header ScreenNumber;SampleID;ItemName', () => {
    expect(SCREEN_FILE_DELIMITER).toBe(';');
    expect(SCREEN_FILE_HEADER.join(SCREEN_FILE_DELIMITER)).toBe(HEADER);
    expect(ITEM_NAME_MAX).toBe(40);
  });

  it('names a wrong line by its number', () => {
    expect(badLine(3122, SAMPLE_ID)).toBe('Line 3122: SampleID must be 1 to 13 digits');
  });
});

describe('one line', () => {
  it.each<[string[], string[]]>([
    [['17', '4006381333931', 'Feld Nord'], []],
    [['1', '1', ''], []],
    [['1234567890123', '1234567890123', 'x'.repeat(40)], []],
    // 40 characters that are two UTF-16 units each.
    [['1', '1', '🌱'.repeat(40)], []],
    [['1', '1', 'Rübe; Feld'], []],
    [['17', '4006381333931'], [FIELDS]],
    [['17', '4006381333931', 'a', 'b'], [FIELDS]],
    [[''], [FIELDS]],
    [['', '1', 'a'], [SCREEN_NUMBER]],
    [['12345678901234', '1', 'a'], [SCREEN_NUMBER]],
    [['1a', '1', 'a'], [SCREEN_NUMBER]],
    [['1', '', 'a'], [SAMPLE_ID]],
    [['1', '12345678901234', 'a'], [SAMPLE_ID]],
    [['1', 'x1', 'a'], [SAMPLE_ID]],
    [['1', '1', 'x'.repeat(41)], [ITEM_NAME]],
    [['1', '1', '🌱'.repeat(41)], [ITEM_NAME]],
    [['1', '1', 'Feld\tNord'], [ITEM_NAME]],
    [['1', '1', 'Feld\u0000'], [ITEM_NAME]],
    [['1', '1', '\u001b[31m'], [ITEM_NAME]],
    [['1', '1', 'Feld\u0085'], [ITEM_NAME]],
    [['1', '1', 'Feld\uD800'], [ITEM_NAME]],
    [
      ['x', 'y', 'z\t'],
      [SCREEN_NUMBER, SAMPLE_ID, ITEM_NAME],
    ],
  ])('%j → %j', (fields, problems) => expect(lineProblems(fields)).toEqual(problems));
});

describe('a whole file', () => {
  it('gives its items with their line numbers', () => {
    expect(
      check(HEADER, '17;4006381333931;Feld Nord', '17;4006381333948;', '18;4006381333931;Feld Süd'),
    ).toEqual({
      ok: true,
      lines: [
        { line: 2, screenNumber: '17', sId: '4006381333931', name: 'Feld Nord' },
        { line: 3, screenNumber: '17', sId: '4006381333948', name: '' },
        { line: 4, screenNumber: '18', sId: '4006381333931', name: 'Feld Süd' },
      ],
    });
  });

  it('reads fields without the spaces around them', () => {
    expect(check('ScreenNumber; SampleID ;ItemName', ' 17 ; 4006381333931 ; Feld Nord ')).toEqual({
      ok: true,
      lines: [{ line: 2, screenNumber: '17', sId: '4006381333931', name: 'Feld Nord' }],
    });
  });

  it('refuses a wrong or missing header, naming its line, whatever follows', () => {
    expect(check('ScreenNumber;SampleID', '17;1;a')).toEqual({
      ok: false,
      errors: [`Line 1: ${HEADER_WRONG}`],
    });
    expect(check('SampleID;ScreenNumber;ItemName', '17;1;a')).toEqual({
      ok: false,
      errors: [`Line 1: ${HEADER_WRONG}`],
    });
    expect(check('17;1;a', '18;2;b')).toEqual({ ok: false, errors: [`Line 1: ${HEADER_WRONG}`] });
    expect(check('screennumber;sampleid;itemname')).toEqual({
      ok: false,
      errors: [`Line 1: ${HEADER_WRONG}`],
    });
    expect(check()).toEqual({ ok: false, errors: [`Line 1: ${HEADER_WRONG}`] });
  });

  it('names the line the header is on when blank lines come first', () => {
    const checker = screenFileChecker();
    checker.add({ line: 3, fields: ['Screen', 'Sample', 'Item'] });
    checker.add({ line: 4, fields: ['17', '1', 'a'] });
    expect(checker.result()).toEqual({ ok: false, errors: [`Line 3: ${HEADER_WRONG}`] });
  });

  it('refuses a file without items', () => {
    expect(check(HEADER)).toEqual({ ok: false, errors: [EMPTY] });
  });

  it('lists every wrong line with its reasons and imports nothing', () => {
    expect(check(HEADER, '17;1;ok', '17;x;ok', '17;2;ok', 'a;b;c\u0000', '17;3')).toEqual({
      ok: false,
      errors: [
        `Line 3: ${SAMPLE_ID}`,
        `Line 5: ${SCREEN_NUMBER}`,
        `Line 5: ${SAMPLE_ID}`,
        `Line 5: ${ITEM_NAME}`,
        `Line 6: ${FIELDS}`,
      ],
    });
  });

  it('refuses a SampleID listed twice in one screen, naming the first line', () => {
    expect(check(HEADER, '17;1;a', '17;2;b', '17;1;c', '17;1;d')).toEqual({
      ok: false,
      errors: [
        'Line 4: SampleID is listed twice in this screen (first on line 2)',
        'Line 5: SampleID is listed twice in this screen (first on line 2)',
      ],
    });
  });

  it('allows the same SampleID in two screens', () => {
    const r = check(HEADER, '17;1;a', '1;71;b', '171;1;c', '17;11;d');
    expect(r.ok && r.lines.map((l) => `${l.screenNumber}/${l.sId}`)).toEqual([
      '17/1',
      '1/71',
      '171/1',
      '17/11',
    ]);
  });

  it('does not take a wrong line for an item that a later line repeats', () => {
    expect(check(HEADER, '17;1', '17;1;a\u0000b', '17;1;ok')).toEqual({
      ok: false,
      errors: [`Line 2: ${FIELDS}`, `Line 3: ${ITEM_NAME}`],
    });
  });
});
