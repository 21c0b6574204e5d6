// The filter panels' fields ↔ filter terms (docs/dev/product-rules.md#field-rules, filters).
// Equivalent mutants (StrykerJS; nothing a user sees can tell them apart): the keys a read-back term
// claims its fields under ('sId', 'aId', 'flags', 'lane') emptied (each key is used by one branch
// only, so any name keeps a second term of the column extra); the flags branch's `op === 'like'` and
// the lane branch's `op === 'eq'` made true (the grammar gives flag terms no other op, lane terms none);
// the date branch's `op === 'range'` made true (only a date range term has a 'start'); the aId branch's
// `column === 'aId'` made true (a range term of any other column is a date range, which the date
// branch has answered already); `.trim()` left out where Number() or the later per-end trim trims
// anyway (the lane's number, a typed term's value).
import { describe, expect, it } from 'vitest';
import { parseFilters } from '../../src/domain/filter';
import {
  ANALYSIS_FILTER_PANEL,
  emptyPanelValues,
  filtersFromPanelValues,
  formatFilterExpression,
  panelValuesFromFilters,
  SAMPLES_FILTER_PANEL,
  splitFilterExpression,
} from '../../src/domain/filterPanel';
import {
  AFLAGS_MESSAGE,
  AID_MESSAGE,
  DATE_OR_DATETIME_MESSAGE,
  LANE_MESSAGE,
  SFLAGS_MESSAGE,
  SID_MESSAGE,
} from '../../src/domain/messages';

describe('panel fields → filter terms', () => {
  it('turns every filled Analysis field into its term, in lab date form converted to filter form', () => {
    const values = {
      ...emptyPanelValues(ANALYSIS_FILTER_PANEL),
      dates: {
        dateIn: { start: '2025-10-01 06:00:00', end: '2025-10-02 05:59:59' },
        dateOut: { start: '', end: '2025-10-03' },
      },
      sIdPrefix: '400',
      sIdSuffix: '31',
      aIdLow: '100',
      aIdHigh: '',
      flags: 'F_H',
      lane: '2',
    };
    const result = filtersFromPanelValues(ANALYSIS_FILTER_PANEL, values);
    expect(result).toEqual({
      ok: true,
      filters: [
        'dateIn,2025-10-01T06:00:00~2025-10-02T05:59:59',
        'dateOut,~2025-10-03',
        'sId,400~31',
        'aId,100~',
        'aFlags,F_H',
        'lane,2',
      ],
    });
    expect(result.ok && parseFilters(result.filters).ok).toBe(true);
  });

  it('empty fields mean no filter', () => {
    expect(filtersFromPanelValues(ANALYSIS_FILTER_PANEL, emptyPanelValues(ANALYSIS_FILTER_PANEL))).toEqual({
      ok: true,
      filters: [],
    });
  });

  it('names each field that breaks its rule with the docs/dev/product-rules.md#field-rules message, and applies nothing', () => {
    const values = {
      ...emptyPanelValues(ANALYSIS_FILTER_PANEL),
      dates: { dateIn: { start: '2025-13-01', end: '' }, dateOut: { start: '', end: '' } },
      sIdPrefix: '12345678901234',
      aIdHigh: '1x',
      flags: 'Q',
      lane: '4',
    };
    expect(filtersFromPanelValues(ANALYSIS_FILTER_PANEL, values)).toEqual({
      ok: false,
      errors: {
        'dateIn.start': DATE_OR_DATETIME_MESSAGE,
        sIdPrefix: SID_MESSAGE,
        aIdHigh: AID_MESSAGE,
        flags: AFLAGS_MESSAGE,
        lane: LANE_MESSAGE,
      },
    });
  });

  it('Samples filter the sample stamp and crumbling date, sFlags, and have no aId bounds', () => {
    const values = {
      ...emptyPanelValues(SAMPLES_FILTER_PANEL),
      dates: { sStamp: { start: '2025-10-01', end: '' }, dateCrumbled: { start: '', end: '' } },
      // Not a field of this panel: neither checked nor sent.
      aIdLow: 'abc',
      flags: 'X/',
    };
    expect(filtersFromPanelValues(SAMPLES_FILTER_PANEL, values)).toEqual({
      ok: true,
      filters: ['sStamp,2025-10-01~', 'sFlags,X/'],
    });
    expect(filtersFromPanelValues(SAMPLES_FILTER_PANEL, { ...values, flags: 'X/L/' })).toEqual({
      ok: true,
      filters: ['sStamp,2025-10-01~', 'sFlags,X/L/'],
    });
    expect(filtersFromPanelValues(SAMPLES_FILTER_PANEL, { ...values, flags: 'XLLLLL' })).toEqual({
      ok: false,
      errors: { flags: SFLAGS_MESSAGE },
    });
  });

  it('trims what was typed, and a field of blanks is no filter', () => {
    const values = {
      ...emptyPanelValues(ANALYSIS_FILTER_PANEL),
      dates: { dateIn: { start: ' 2025-10-01 ', end: '' }, dateOut: { start: '', end: '' } },
      aIdLow: ' 12 ',
      flags: ' F ',
      lane: ' 2 ',
    };
    expect(filtersFromPanelValues(ANALYSIS_FILTER_PANEL, values)).toEqual({
      ok: true,
      filters: ['dateIn,2025-10-01~', 'aId,12~', 'aFlags,F', 'lane,2'],
    });
    const blanks = { ...emptyPanelValues(ANALYSIS_FILTER_PANEL), flags: '   ', lane: '  ' };
    expect(filtersFromPanelValues(ANALYSIS_FILTER_PANEL, blanks)).toEqual({ ok: true, filters: [] });
  });

  it('names the end date, the sId suffix and the aId lower bound when they break their rule', () => {
    const values = {
      ...emptyPanelValues(ANALYSIS_FILTER_PANEL),
      dates: { dateIn: { start: '', end: '' }, dateOut: { start: '', end: '2025-02-30' } },
      sIdSuffix: 'x',
      aIdLow: '-1',
    };
    expect(filtersFromPanelValues(ANALYSIS_FILTER_PANEL, values)).toEqual({
      ok: false,
      errors: { 'dateOut.end': DATE_OR_DATETIME_MESSAGE, sIdSuffix: SID_MESSAGE, aIdLow: AID_MESSAGE },
    });
  });

  it('Samples filter the crumbling date in their second date row', () => {
    const values = {
      ...emptyPanelValues(SAMPLES_FILTER_PANEL),
      dates: { sStamp: { start: '', end: '' }, dateCrumbled: { start: '2025-10-01', end: '2025-10-02 12:00:00' } },
    };
    expect(filtersFromPanelValues(SAMPLES_FILTER_PANEL, values)).toEqual({
      ok: true,
      filters: ['dateCrumbled,2025-10-01~2025-10-02T12:00:00'],
    });
    const bad = { ...values, dates: { ...values.dates, dateCrumbled: { start: '', end: '2025-02-30' } } };
    expect(filtersFromPanelValues(SAMPLES_FILTER_PANEL, bad)).toEqual({
      ok: false,
      errors: { 'dateCrumbled.end': DATE_OR_DATETIME_MESSAGE },
    });
  });

  it('a date row missing from the values is no filter and no error', () => {
    const values = { ...emptyPanelValues(ANALYSIS_FILTER_PANEL), dates: { dateOut: { start: '2025-10-01', end: '' } } };
    expect(filtersFromPanelValues(ANALYSIS_FILTER_PANEL, values)).toEqual({ ok: true, filters: ['dateOut,2025-10-01~'] });
    const none = { ...emptyPanelValues(SAMPLES_FILTER_PANEL), dates: {}, lane: '1' };
    expect(filtersFromPanelValues(SAMPLES_FILTER_PANEL, none)).toEqual({ ok: true, filters: ['lane,1'] });
  });

  it('refuses an aId the grammar cannot take although the field rule passes', () => {
    const values = { ...emptyPanelValues(ANALYSIS_FILTER_PANEL), aIdLow: '1'.repeat(20) };
    expect(filtersFromPanelValues(ANALYSIS_FILTER_PANEL, values).ok).toBe(false);
  });
});

describe('filter terms → panel fields', () => {
  it('reads back what the fields produced, lab form restored', () => {
    const filters = [
      'dateIn,2025-10-01T06:00:00~2025-10-02T05:59:59',
      'sId,400~31',
      'aId,~200',
      'aFlags,F',
      'lane,0',
    ];
    const values = panelValuesFromFilters(ANALYSIS_FILTER_PANEL, filters);
    expect(values.dates.dateIn).toEqual({ start: '2025-10-01 06:00:00', end: '2025-10-02 05:59:59' });
    expect(values.dates.dateOut).toEqual({ start: '', end: '' });
    expect([values.sIdPrefix, values.sIdSuffix, values.aIdLow, values.aIdHigh]).toEqual([
      '400',
      '31',
      '',
      '200',
    ]);
    expect([values.flags, values.lane, values.extra]).toEqual(['F', '0', []]);
    expect(filtersFromPanelValues(ANALYSIS_FILTER_PANEL, values)).toEqual({
      ok: true,
      filters: [filters[0], filters[1], filters[2], filters[3], filters[4]],
    });
  });

  it('keeps terms without a field (or a second term of a column) as extra, unchanged', () => {
    const filters = ['name,Hof', 'aId,42', 'lane,1', 'lane,2', 'sStamp,2025-10-01~'];
    const values = panelValuesFromFilters(ANALYSIS_FILTER_PANEL, filters);
    expect(values.lane).toBe('1');
    expect(values.extra).toEqual(['name,Hof', 'aId,42', 'lane,2', 'sStamp,2025-10-01~']);
    const again = filtersFromPanelValues(ANALYSIS_FILTER_PANEL, values);
    expect(again).toEqual({
      ok: true,
      filters: ['lane,1', 'name,Hof', 'aId,42', 'lane,2', 'sStamp,2025-10-01~'],
    });
  });

  it('an open date end reads as an empty field; an aId range fills the bounds; a term of another kind stays extra', () => {
    const values = panelValuesFromFilters(ANALYSIS_FILTER_PANEL, [
      'dateIn,~2025-10-02',
      'dateOut,2025-10-01T06:00:00~',
      'aId,10~20',
      'sId,400',
      'sampleId,1~2',
      'sFlags,X',
    ]);
    expect(values.dates).toEqual({
      dateIn: { start: '', end: '2025-10-02' },
      dateOut: { start: '2025-10-01 06:00:00', end: '' },
    });
    expect([values.aIdLow, values.aIdHigh, values.sIdPrefix, values.sIdSuffix, values.flags]).toEqual(['10', '20', '', '', '']);
    expect(values.extra).toEqual(['sId,400', 'sampleId,1~2', 'sFlags,X']);
  });

  it('Samples read the sample stamp and the crumbling date into their date fields', () => {
    const values = panelValuesFromFilters(SAMPLES_FILTER_PANEL, [
      'sStamp,2025-10-01~',
      'dateIn,2025-10-01~',
      'dateCrumbled,~2025-10-03T06:00:00',
    ]);
    expect(values.dates.sStamp).toEqual({ start: '2025-10-01', end: '' });
    expect(values.dates.dateCrumbled).toEqual({ start: '', end: '2025-10-03 06:00:00' });
    expect(values.extra).toEqual(['dateIn,2025-10-01~']);
  });

  it('an aId range open at the top reads as an empty upper bound', () => {
    const values = panelValuesFromFilters(ANALYSIS_FILTER_PANEL, ['aId,10~']);
    expect([values.aIdLow, values.aIdHigh, values.extra]).toEqual(['10', '', []]);
  });

  it('Samples read sFlags into Flags but keep aFlags and aId as extra', () => {
    const values = panelValuesFromFilters(SAMPLES_FILTER_PANEL, ['sFlags,X', 'aFlags,F', 'aId,1~2']);
    expect(values.flags).toBe('X');
    expect(values.extra).toEqual(['aFlags,F', 'aId,1~2']);
  });
});

describe('typed filter expressions', () => {
  it('splits on semicolons, trims, and writes lab date-times in filter form', () => {
    expect(
      splitFilterExpression(' aId,100~200 ;sId,400~ ; ;dateIn,2025-10-01 06:00:00~2025-10-01 13:59:59'),
    ).toEqual(['aId,100~200', 'sId,400~', 'dateIn,2025-10-01T06:00:00~2025-10-01T13:59:59']);
    expect(splitFilterExpression('')).toEqual([]);
    expect(splitFilterExpression('aId , 100 ~ 200; sStamp, 2025-10-01 06:00:00 ~ ')).toEqual([
      'aId,100~200',
      'sStamp,2025-10-01T06:00:00~',
    ]);
  });

  it('leaves invalid terms for the grammar to refuse', () => {
    const terms = splitFilterExpression('aId,abc; lane,9; nonsense; , 5');
    expect(terms).toEqual(['aId,abc', 'lane,9', 'nonsense', ',5']);
    expect(parseFilters(terms).ok).toBe(false);
  });

  it('formats applied terms back into an expression', () => {
    const filters = ['aId,1~2', 'name,Müller Hof'];
    expect(formatFilterExpression(filters)).toBe('aId,1~2; name,Müller Hof');
    expect(splitFilterExpression(formatFilterExpression(filters))).toEqual(filters);
  });
});
