// The export job's rules read on their own (docs/exports.md, docs/dev/product-rules.md#behaviour
// Export): a job's type from its file name, and how a failed check, start or download is told
// apart. The export machine's tests reach these through its flows; here each answer the server can
// give (and each thing that is no answer: no error object, a string) is judged once.
//
// Equivalent mutant left by StrykerJS (docs/dev/mutation-scores.md): `typeof status === 'number'`
// made true (a status that is not a number, such as '404', equals none of 404, 410, 422 or 503
// either way).
import { describe, expect, it } from 'vitest';
import {
  exportCheckSchema,
  exportFailureMessage,
  exportTypeOf,
  isExportGone,
  isServerBusy,
  isStillProcessing,
  skippedRowsMessage,
} from '../../src/domain/exportJob';
import { EXPORT_FAILED, SERVER_BUSY } from '../../src/domain/messages';

describe('exportTypeOf: the type a job file is named with', () => {
  it.each([
    ['Analysis_2026-11-27.csv', 'csv'],
    ['a.xlsx', 'xlsx'],
    ['a.sap', 'sap'],
    ['a.zft', 'zft'],
    ['report.pdf', null],
    ['a.csv.gz', null],
    ['a.csv ', null],
    ['csv', null],
    ['', null],
  ])('%j: %j', (name, type) => expect(exportTypeOf(name)).toBe(type));
});

describe('what a failed request was', () => {
  const status = (n: number) => ({ status: n });

  it('a check answering 404 is still processing; nothing else is', () => {
    expect(isStillProcessing(status(404))).toBe(true);
    for (const other of [200, 410, 500, 503]) expect(isStillProcessing(status(other))).toBe(false);
  });

  it('a download answering 404 or 410 is gone; 500 is not', () => {
    expect(isExportGone(status(404))).toBe(true);
    expect(isExportGone(status(410))).toBe(true);
    expect(isExportGone(status(500))).toBe(false);
  });

  it('503 is the busy server, in its own words; any other failure the export failure', () => {
    expect(isServerBusy(status(503))).toBe(true);
    expect(exportFailureMessage(status(503))).toBe(SERVER_BUSY);
    expect(exportFailureMessage(status(500))).toBe(EXPORT_FAILED);
  });

  it.each([
    ['no error', undefined],
    ['null', null],
    ['a string', 'Network failure'],
    ['a number', 404],
    ['an error without a status', new Error('x')],
    ['a status as text', { status: '404' }],
  ])('%s is none of them, without throwing', (_name, error) => {
    expect(isStillProcessing(error)).toBe(false);
    expect(isExportGone(error)).toBe(false);
    expect(isServerBusy(error)).toBe(false);
    expect(skippedRowsMessage(error)).toBeNull();
    expect(exportFailureMessage(error)).toBe(EXPORT_FAILED);
  });
});

describe("a check's 422 for rows flagged by an earlier export", () => {
  it("tells the server's first reason", () => {
    expect(skippedRowsMessage({ status: 422, errors: ['All 3 rows were exported before.', 'x'] })).toBe(
      'All 3 rows were exported before.',
    );
  });

  it.each([
    ['another status', { status: 400, errors: ['x'] }],
    ['no reasons', { status: 422 }],
    ['reasons as one string', { status: 422, errors: 'All rows were exported' }],
    ['a reason that is no text', { status: 422, errors: [3] }],
    ['an empty list', { status: 422, errors: [] }],
  ])('%s: none', (_name, error) => expect(skippedRowsMessage(error)).toBeNull());
});

describe("the check's answer when the file is ready", () => {
  it('holds the file name, the row count (or null) and the rows left out', () => {
    const ok = { fileName: 'a.sap', totalItems: null, skippedExported: 2 };
    expect(exportCheckSchema.parse(ok)).toEqual(ok);
  });

  it.each([
    ['nothing', {}],
    ['no file name', { totalItems: 1, skippedExported: 0 }],
    ['no count', { fileName: 'a.csv', skippedExported: 0 }],
    ['no rows left out', { fileName: 'a.csv', totalItems: 1 }],
    ['a negative count left out', { fileName: 'a.csv', totalItems: 1, skippedExported: -1 }],
  ])('%s is refused', (_name, answer) => expect(exportCheckSchema.safeParse(answer).success).toBe(false));
});
