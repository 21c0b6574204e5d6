// The filter grammar (product spec §5 Filters; docs/dev/product-rules.md#field-rules): field,value or
// field,start~end per column pattern, 'Filter mismatch - Please check your input!', a date range
// valid only when both ends are a valid date or empty and one is a date, 'T' in date-times.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md):
// - parseFilterTerm: `comma < 0` made false or `<= 0` (without a comma, or with one first, the
//   column is no known column and the term is refused the same way); `start === null` and `end ===
//   null` made false before parsing (parseFilterDateTime(null) is null too); `b ?? ''` given another
//   text (a date term always has its `~`, b is never null there).
// - termMatches: `typeof value === 'object'` made false or its 'object' emptied, and the '' for an
//   object made another text (a PlainDateTime is only a date column's value, which reads `value`,
//   not `text`); each column's `term.op === …` made true (a column's terms have that one op:
//   sId/sampleId past the 'eq' check, bId, screenNumber, name, type, lane, the flags); the
//   screenNumber case falling through to name's (digits read the same in either case); the date
//   branch's `term.op !== 'range' || !('from' in term)` made false, `&&`, either half false, and its
//   `return false` made true (every date term is a range with from and to, so it is never taken).
import { describe, expect, it } from 'vitest';
import * as Fl from '../../src/domain/filter';
import { parseLabDateTime } from '../../src/domain/datetime';
import { FILTER_MISMATCH } from '../../src/domain/messages';

describe('valid terms round-trip', () => {
  it.each([
    'aId,42',
    'aId,10~20',
    'aId,10~',
    'aId,~20',
    'sId,4006381333931',
    'sId,400~',
    'sId,~931',
    'sId,400~931',
    'sampleId,12~34',
    'bId,A',
    'bId,A12',
    'name,B1',
    'name,Müller Hof',
    'type,0',
    'lane,3',
    'aFlags,F',
    'aFlags,_H',
    'aFlags,FLHLH-_-LHL',
    'sFlags,X/',
    'sFlags,-----',
    'screenNumber,12',
    'dateIn,2025-10-01T06:00:00~2025-10-02T05:59:59',
    'dateIn,2025-10-01~2025-10-02',
    'dateOut,2025-10-01~',
    'sStamp,~2025-10-01T12:00:00',
    'dateCrumbled,2024-02-29~2024-02-29',
    'dateExported,2025-01-01T00:00:00~2025-12-31',
    'dateCreated,2025-01-01~',
  ])('%s', (text) => {
    const term = Fl.parseFilterTerm(text);
    expect(term).not.toBeNull();
    expect(Fl.formatFilterTerm(term!)).toBe(text);
    expect(Fl.FILTER_PATTERNS[term!.column].test(text)).toBe(true);
  });
});

describe('mismatches', () => {
  it.each([
    'aId',
    'aId,',
    'aId,~',
    'aId,1a',
    'aId,-1~5',
    'aId,1~2~3',
    'sId,~',
    'sId,12345678901234',
    'sId,1~12345678901234',
    'bId,E1',
    'bId,a1',
    'name,',
    'name,a,b',
    'type,4',
    'lane,-1',
    'lane,4',
    'lane,1~2',
    'aFlags,D',
    'aFlags,-/',
    'aFlags,FLHLH-_-LHLH',
    'sFlags,B',
    'sFlags,-LHLHL',
    'screenNumber,',
    'screenNumber,1a',
    'dateIn,~',
    'dateIn,2025-10-01',
    'dateIn,2025-10-01 06:00:00~',
    'dateIn,2025-10-01T24:00:00~',
    'dateIn,2023-02-29~',
    'dateIn,2025-13-01~',
    'dateIn,2025-10-01T06:00~',
    'dateIn,~2023-02-29',
    'dateIn,2025-10-01~2025-10-01T24:00:00',
    'dateOut,~2025-02-30T06:00:00',
    'unknown,1',
    'Lane,1',
    '',
  ])('%s', (text) => {
    expect(Fl.parseFilterTerm(text)).toBeNull();
    expect(Fl.parseFilters(['lane,1', text])).toEqual({ ok: false, message: FILTER_MISMATCH, term: text });
  });
});

describe('isValidFilterTerm', () => {
  it.each([
    ['lane,1', true],
    ['dateIn,2025-10-01~', true],
    ['lane,4', false],
    ['dateIn,~', false],
    ['unknown,1', false],
  ])('%s → %s', (text, expected) => expect(Fl.isValidFilterTerm(text)).toBe(expected));
});

describe('parseFilters', () => {
  it('returns typed terms', () => {
    const r = Fl.parseFilters(['aId,10~', 'sId,400~931', 'lane,2', 'dateIn,2025-10-01~2025-10-02']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.terms[0]).toEqual({ column: 'aId', op: 'range', low: '10', high: null });
    expect(r.terms[1]).toEqual({ column: 'sId', op: 'affix', prefix: '400', suffix: '931' });
    expect(r.terms[2]).toEqual({ column: 'lane', op: 'eq', value: 2 });
    const d = r.terms[3]!;
    expect(d.op === 'range' && 'from' in d && d.from?.toString()).toBe('2025-10-01T00:00:00');
    expect(d.op === 'range' && 'to' in d && d.to?.toString()).toBe('2025-10-02T23:59:59');
  });
  it('accepts no filter', () => expect(Fl.parseFilters([])).toEqual({ ok: true, terms: [] }));
});

describe('builders', () => {
  it.each([
    [
      ['dateIn', '2025-10-01 06:00:00', '2025-10-02 05:59:59'],
      'dateIn,2025-10-01T06:00:00~2025-10-02T05:59:59',
    ],
    [['dateOut', '2025-10-01', ''], 'dateOut,2025-10-01~'],
    [['dateOut', ' ', ''], null],
  ] as const)('dateRangeFilter%o → %s', ([c, s, e], expected) =>
    expect(Fl.dateRangeFilter(c, s, e)).toBe(expected),
  );
  it('dates from the panel fields, spaces around them left out', () => {
    expect(Fl.dateRangeFilter('sStamp', '', ' 2025-10-02 05:59:59 ')).toBe('sStamp,~2025-10-02T05:59:59');
    expect(Fl.dateRangeFilter('dateIn', ' 2025-10-01', '2025-10-02 ')).toBe('dateIn,2025-10-01~2025-10-02');
    expect(Fl.dateRangeFilter('dateIn', '', '  ')).toBeNull();
  });
  it('aId and sId', () => {
    expect(Fl.aIdRangeFilter('1', '')).toBe('aId,1~');
    expect(Fl.aIdRangeFilter('', '20')).toBe('aId,~20');
    expect(Fl.aIdRangeFilter(' 1 ', ' 20 ')).toBe('aId,1~20');
    expect(Fl.aIdRangeFilter('', '')).toBeNull();
    expect(Fl.aIdRangeFilter(' ', '  ')).toBeNull();
    expect(Fl.sIdAffixFilter('', '931')).toBe('sId,~931');
    expect(Fl.sIdAffixFilter('400', '')).toBe('sId,400~');
    expect(Fl.sIdAffixFilter(' 400 ', ' 931 ')).toBe('sId,400~931');
    expect(Fl.sIdAffixFilter('400', '', 'sampleId')).toBe('sampleId,400~');
    expect(Fl.sIdAffixFilter('', '')).toBeNull();
    expect(Fl.sIdAffixFilter(' ', ' ')).toBeNull();
  });
});

describe('reference semantics', () => {
  const t = (text: string) => Fl.parseFilterTerm(text)!;
  it.each<[string, string | number | null | undefined, boolean]>([
    ['aId,10~20', 10, true],
    ['aId,10~20', 20, true],
    ['aId,10~20', 21, false],
    ['aId,10~20', 9, false],
    ['aId,~20', null, false],
    ['aId,~20', undefined, false],
    ['aId,5', 6, false],
    ['aId,10~', '9007199254740993', true],
    ['aId,~9007199254740992', '9007199254740993', false],
    ['aId,5', 5, true],
    ['sId,400~931', '4006381333931', true],
    ['sId,400~931', '4006381333932', false],
    ['sId,~931', '4006381333931', true],
    ['sId,500~', '4006381333931', false],
    ['sId,4006381333931', '4006381333931', true],
    ['sId,400638133393', '4006381333931', false],
    ['sampleId,400~931', '4006381333931', true],
    ['sampleId,4006381333931', '4006381333932', false],
    ['bId,A1', 'A12', true],
    ['bId,A1', 'B12', false],
    ['name,mül', 'Müller', true],
    ['screenNumber,12', '123', true],
    ['lane,1', 1, true],
    ['lane,1', 2, false],
    ['type,2', 2, true],
    ['type,2', '2', true],
    ['type,2', 3, false],
    ['screenNumber,12', '312', false],
    ['name,B1', null, false],
    ['name,MÜL', 'müller', true],
    ['name,ller', 'Müller', false],
    ['aFlags,F_H', 'FLH----', true],
    ['aFlags,F_H', 'TLH----', false],
    ['aFlags,F_H', 'F-', false],
    ['aFlags,F_H', 'FLH', true],
    // `_` stands for one character that is there: a shorter flag string does not match.
    ['aFlags,F_', 'F', false],
    ['sFlags,_/', 'X/---', true],
    ['dateIn,2025-10-01~2025-10-01', '2025-10-01 23:59:59', true],
    ['dateIn,2025-10-01~2025-10-01', '2025-10-02 00:00:00', false],
    ['dateIn,2025-10-01T06:00:00~', '2025-10-01 05:59:59', false],
    ['dateIn,2025-10-01T06:00:00~', '2025-10-01 06:00:00', true],
    ['dateIn,~2025-10-01T06:00:00', '2025-10-01 06:00:00', true],
    ['dateIn,~2025-10-01T06:00:00', null, false],
    ['dateIn,2025-10-01~', 'not a date', false],
  ])('%s on %s → %s', (text, value, expected) => expect(Fl.termMatches(t(text), value)).toBe(expected));

  it('takes PlainDateTime values', () => {
    expect(Fl.termMatches(t('sStamp,2025-10-01~'), parseLabDateTime('2025-10-01 00:00:00'))).toBe(true);
  });
  it('builds SQL LIKE patterns for flags', () => expect(Fl.flagsLikePattern('F_H')).toBe('F_H%'));
});
