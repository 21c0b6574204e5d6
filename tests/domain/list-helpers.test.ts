// The small pure helpers the list, selection, row-edit and export machines decide with.
import { describe, expect, it } from 'vitest';
import { EXPORT_FAILED, SERVER_BUSY } from '../../src/domain/messages';
import {
  altersFlags,
  exportFailureMessage,
  exportTypesOf,
  mayStartExport,
  skippedRowsMessage,
  hasExportData,
  isExportGone,
  isServerBusy,
  isStillProcessing,
  needsExportConfirmation,
} from '../../src/domain/exportJob';
import {
  buildListQuery,
  isExclusionList,
  isPageSize,
  isPageIndex,
  isRestrictionWithinLimit,
  isSortList,
} from '../../src/domain/listQuery';
import { joinErrors, rowErrors } from '../../src/domain/rowRules';
import {
  analysisSelectionItem,
  countNew,
  sampleIdRequestLabel,
  selectionChipText,
  sampleIdRequest,
  sampleSelectionItem,
  selectedSampleIds,
} from '../../src/domain/selectionItem';

const limits = [{ name: 'pol', min: '10', max: '25' }];

describe('export decisions', () => {
  it.each([
    [5000, false],
    [5001, true],
  ])('an export of %i items asks for confirmation: %s', (total, expected) => {
    expect(needsExportConfirmation('csv', total)).toBe(expected);
  });
  it('SAP and ZFT always ask: they flag what they export', () => {
    expect(needsExportConfirmation('sap', 1)).toBe(true);
    expect(needsExportConfirmation('zft', 5000)).toBe(true);
    expect(needsExportConfirmation('xlsx', 5000)).toBe(false);
  });
  it('only SAP and ZFT alter flags', () => {
    expect(['csv', 'xlsx', 'sap', 'zft'].map((t) => altersFlags(t as 'csv'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
  it('SAP and ZFT write: admins only, and only on Analysis (docs/dev/architecture.md#domain-decisions)', () => {
    expect(exportTypesOf('analysis', ['ROLE_ADMIN'])).toEqual(['csv', 'xlsx', 'sap', 'zft']);
    expect(exportTypesOf('analysis', ['ROLE_READER'])).toEqual(['csv', 'xlsx']);
    expect(exportTypesOf('samples', ['ROLE_ADMIN'])).toEqual(['csv', 'xlsx']);
    expect(exportTypesOf('analysis', ['ROLE_READER'])).toBe(exportTypesOf('samples', ['ROLE_ADMIN']));
    expect(mayStartExport('sap', ['ROLE_READER'])).toBe(false);
    expect(mayStartExport('csv', [])).toBe(true);
  });
  it('reads the skipped-rows explanation of a 422 check', () => {
    expect(skippedRowsMessage({ status: 422, errors: ['Left out 3'] })).toBe('Left out 3');
    expect(skippedRowsMessage({ status: 422 })).toBeNull();
    expect(skippedRowsMessage({ status: 500, errors: ['x'] })).toBeNull();
  });
  it('needs data to export', () => {
    expect(hasExportData(0)).toBe(false);
    expect(hasExportData(1)).toBe(true);
  });
  it('reads the check status: 404 waits, 503 is busy, anything else failed', () => {
    expect(isStillProcessing({ status: 404 })).toBe(true);
    expect(isServerBusy({ status: 503 })).toBe(true);
    expect(isExportGone({ status: 410 })).toBe(true);
    expect(exportFailureMessage({ status: 503 })).toBe(SERVER_BUSY);
    expect(exportFailureMessage({ status: 500 })).toBe(EXPORT_FAILED);
    expect(exportFailureMessage(new Error('network'))).toBe(EXPORT_FAILED);
  });
});

describe('list query', () => {
  it('puts the Filter-all restriction into selection or selectionSId', () => {
    const base = { page: 2, size: 50, sort: ['pol,desc'], filters: ['lane,1'], exclusion: [] };
    expect(buildListQuery({ ...base, restriction: { kind: 'selection', ids: ['1', '2'] } })).toMatchObject({
      page: 2,
      selection: ['1', '2'],
      selectionSId: [],
      filter: ['lane,1'],
    });
    expect(buildListQuery({ ...base, restriction: { kind: 'sampleIds', sIds: ['123'] } })).toMatchObject({
      selection: [],
      selectionSId: ['123'],
    });
  });
  it('sends page, size, sort, filters and exclusions as the list holds them, and no restriction when there is none', () => {
    const state = {
      page: 0,
      size: 25,
      sort: ['pol,desc'],
      filters: ['lane,1'],
      exclusion: ['farmer', 'test'] as const,
    };
    expect(buildListQuery({ ...state, exclusion: [...state.exclusion], restriction: null })).toEqual({
      page: 0,
      size: 25,
      sort: ['pol,desc'],
      filter: ['lane,1'],
      selection: [],
      selectionSId: [],
      exclusion: ['farmer', 'test'],
    });
  });
  it('a page size is one the page offers', () => {
    expect(isPageSize([25, 50, 100], 50)).toBe(true);
    expect(isPageSize([25, 50, 100], 30)).toBe(false);
  });
  it('the 1000-id cap counts the sample ids of Filter all Sample IDs too', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect(isRestrictionWithinLimit({ kind: 'sampleIds', sIds: ids(1001) })).toBe(false);
    expect(isRestrictionWithinLimit({ kind: 'sampleIds', sIds: ids(1000) })).toBe(true);
  });
  it.each([
    [0, 0, true],
    [0, 3, true],
    [2, 3, true],
    [3, 3, false],
    [-1, 3, false],
    [1.5, 3, false],
  ])('page %s of %s pages is valid: %s', (page, total, expected) => {
    expect(isPageIndex(page, total)).toBe(expected);
  });
  it('checks sorts and exclusions', () => {
    expect(isSortList(['pol,desc', 'sample.name,asc'])).toBe(true);
    expect(isSortList(['pol,up'])).toBe(false);
    expect(isExclusionList(['farmer', 'screens', 'test'])).toBe(true);
    expect(isExclusionList(['farmers'])).toBe(false);
    expect(isSortList(['pol,desc', 'pol,up'])).toBe(false);
    expect(isExclusionList(['farmer', 'farmers'])).toBe(false);
  });
  it('caps a restriction at 1000 ids', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect(isRestrictionWithinLimit({ kind: 'selection', ids: ids(1000) })).toBe(true);
    expect(isRestrictionWithinLimit({ kind: 'selection', ids: ids(1001) })).toBe(false);
    expect(isRestrictionWithinLimit(null)).toBe(true);
  });
});

describe('row rules', () => {
  it('collects field and limit messages of an analysis row', () => {
    expect(rowErrors('analysis', { lane: 7, pol: 30, aFlags: '-----' }, limits)).toEqual([
      'Lane has to be between 0 and 3',
      'pol has to be between 10 and 25',
    ]);
  });
  it('accepts a valid row and empty measured values', () => {
    expect(rowErrors('analysis', { lane: 2, pol: '', aFlags: '-----' }, limits)).toEqual([]);
  });
  it("the snackbar shows the collected messages joined by ', '", () => {
    expect(joinErrors(rowErrors('analysis', { lane: 7, pol: 30 }, limits))).toBe(
      'Lane has to be between 0 and 3, pol has to be between 10 and 25',
    );
  });
  it('checks sample flags with the sample rule', () => {
    expect(rowErrors('samples', { sFlags: 'Q----' }, [])).toHaveLength(1);
  });
});

describe('selection items', () => {
  const key = { sId: '1234567800004', sStamp: '2026-10-01 07:15:00' };
  it('keys analyses by aId and samples by sId|sStamp', () => {
    expect(analysisSelectionItem({ aId: 12, sample: { sampleId: key } }).key).toBe('12');
    expect(sampleSelectionItem({ sampleId: key }).key).toBe('1234567800004|2026-10-01 07:15:00');
  });
  it('counts only items not yet selected', () => {
    const a = sampleSelectionItem({ sampleId: key });
    const b = sampleSelectionItem({ sampleId: { ...key, sStamp: '2026-10-02 07:15:00' } });
    expect(countNew([a], [a, b, b])).toBe(1);
    expect(countNew([], [a, b])).toBe(2);
    expect(countNew([a, b], [b, a])).toBe(0);
    expect(selectedSampleIds([a, b])).toEqual(['1234567800004']);
  });
  it.each([
    ['12345678', { kind: 'exact', sId: '1234567800004' }],
    ['1234567', { kind: 'prefix', prefix: '1234567' }],
    ['1234567800004', { kind: 'exact', sId: '1234567800004' }],
    ['12ab', null],
  ])('reads %s as a lookup', (input, expected) => {
    expect(sampleIdRequest(input)).toEqual(expected);
  });
  it('shows a chip as sId|sStamp, and names a lookup by its full sId or its prefix', () => {
    expect(selectionChipText(sampleSelectionItem({ sampleId: key }))).toBe(
      '1234567800004|2026-10-01 07:15:00',
    );
    expect(sampleIdRequestLabel({ kind: 'exact', sId: '1234567800004' })).toBe('1234567800004');
    expect(sampleIdRequestLabel({ kind: 'prefix', prefix: '1234567' })).toBe('1234567');
  });
});
