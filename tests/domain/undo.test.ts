// Undo (docs/dev/architecture.md#undo, docs/editing.md): the window, the change header, the call and its words.
// Writes that left the building are not undoable and say so (docs/dev/architecture.md#undo): a
// printed label, a downloaded SAP or ZFT file (the export jobs' download and a screen's own ZFT);
// every other call, and the readable exports, are no such write.
//
// Equivalent mutants left by StrykerJS (docs/dev/mutation-scores.md): parseChangeHeader's
// `value ?? ''` with another fallback string (it parses to no number and is filtered out, as '' is),
// and `Number(v.trim())` without the trim (Number ignores surrounding white space itself);
// leftTheBuilding's prefix pattern without its `^` (every part of it is optional, so its first match
// is at the start of the path anyway).
import { describe, expect, it } from 'vitest';
import {
  CHANGE_HEADER,
  leftTheBuilding,
  parseChangeHeader,
  UNDO_MESSAGES,
  UNDO_WINDOW_MS,
  undoRequestSchema,
  undoResultSchema,
} from '../../src/domain/undo';

describe('leftTheBuilding', () => {
  it.each([
    ['PUT', '/api/label/%5EXA%5EFO50', UNDO_MESSAGES.printedLabel],
    ['PUT', 'label/%5EXA', UNDO_MESSAGES.printedLabel],
    ['GET', '/api/export/download/sap', UNDO_MESSAGES.downloadedFile],
    ['GET', 'export/download/zft', UNDO_MESSAGES.downloadedFile],
    ['GET', '/api/screens/12/export/zft', UNDO_MESSAGES.downloadedFile],
  ])('%s %s: %s', (method, path, message) => {
    expect(leftTheBuilding(method, path)).toBe(message);
  });

  it.each([
    ['GET', '/api/export/download/xlsx'],
    ['GET', '/api/export/download/csv'],
    ['GET', '/api/screens/12/export/xlsx'],
    ['GET', '/api/export/check/sap'],
    ['POST', '/api/export/sap'],
    ['PUT', '/api/samples/1/2025-10-02T07:00:00'],
    ['GET', '/api/label/x'],
  ])('%s %s: none', (method, path) => {
    expect(leftTheBuilding(method, path)).toBeNull();
  });
});

describe('a write naming its changes (docs/dev/architecture.md#undo)', () => {
  it('offers the undo for 10 s and reads the labdesk-change header', () => {
    expect(UNDO_WINDOW_MS).toBe(10_000);
    expect(CHANGE_HEADER).toBe('labdesk-change');
  });

  it.each<[string | null | undefined, number[]]>([
    ['17', [17]],
    ['17,18', [17, 18]],
    [' 17 , 18 ', [17, 18]],
    ['17,,18', [17, 18]],
    ['0,-3,1.5,x,19', [19]],
    ['9007199254740992,5', [5]],
    ['', []],
    [null, []],
    [undefined, []],
  ])('header %j → %j', (value, ids) => expect(parseChangeHeader(value)).toEqual(ids));
});

describe('POST /api/undo', () => {
  it.each<[unknown, boolean]>([
    [{ changes: [1] }, true],
    [{ changes: Array.from({ length: 100 }, (_, i) => i + 1) }, true],
    [{ changes: Array.from({ length: 101 }, (_, i) => i + 1) }, false],
    [{ changes: [] }, false],
    [{ changes: [0] }, false],
    [{ changes: [1.5] }, false],
    [{ changes: ['1'] }, false],
    [{}, false],
  ])('%j valid: %s', (body, ok) => expect(undoRequestSchema.safeParse(body).success).toBe(ok));

  it('answers a message, its own change id and how many records it restored', () => {
    expect(
      undoResultSchema.safeParse({ message: UNDO_MESSAGES.undone, change: 7, restored: 2 }).success,
    ).toBe(true);
    expect(undoResultSchema.safeParse({ message: UNDO_MESSAGES.undone, change: 7 }).success).toBe(false);
    expect(
      undoResultSchema.safeParse({ message: UNDO_MESSAGES.undone, change: 7.5, restored: 2 }).success,
    ).toBe(false);
    expect(undoResultSchema.safeParse({ change: 7, restored: 2 }).success).toBe(false);
  });
});

describe('method and path as the http client gives them', () => {
  it.each([
    ['put', 'api/label/x', UNDO_MESSAGES.printedLabel],
    ['get', '/api/export/download/SAP', UNDO_MESSAGES.downloadedFile],
    ['GET', 'screens/12/export/zft', UNDO_MESSAGES.downloadedFile],
    // A leading slash without the api prefix is dropped as well.
    ['PUT', '/label/x', UNDO_MESSAGES.printedLabel],
  ])('%s %s: %s', (method, path, message) => expect(leftTheBuilding(method, path)).toBe(message));

  it.each([
    ['PUT', '/api/labels/x'],
    ['PUT', '/api/samples/label/x'],
    ['GET', '/api/export/download/sap/extra'],
    ['GET', '/api/screens/12/13/export/zft'],
    ['GET', '/api/x/export/download/sap'],
    ['DELETE', '/api/label/x'],
    // Only a GET downloads: another method on a download's path is no download.
    ['POST', '/api/export/download/sap'],
    ['DELETE', '/api/screens/12/export/zft'],
  ])('%s %s: none', (method, path) => expect(leftTheBuilding(method, path)).toBeNull());
});

describe('the words the undo shows (docs/editing.md Undo)', () => {
  it('as the help quotes them', () => {
    expect(UNDO_MESSAGES.undone).toBe('Last change undone');
    expect(UNDO_MESSAGES.offer).toBe('Your last change can be undone for 10 seconds.');
  });

  it('names the window it offers', () => {
    const seconds = `${UNDO_WINDOW_MS / 1000} seconds`;
    expect(UNDO_MESSAGES.offer).toContain(seconds);
    expect(UNDO_MESSAGES.tooLate).toContain(seconds);
  });

  it('says why a refused undo changed nothing', () => {
    expect(UNDO_MESSAGES).toMatchObject({
      nothing: 'Nothing to undo',
      notYours: 'Error occurred, only the user who made a change can undo it!',
      tooLate: 'Error occurred, the change is older than 10 seconds and can no longer be undone!',
      changedSince: 'Error occurred, the change was not undone: the record was changed since!',
      alreadyUndone: 'Error occurred, the change was already undone!',
      notUndoable: 'Error occurred, this kind of change cannot be undone!',
      notFound: 'Error occurred, the change was not found!',
      printedLabel: 'A printed label cannot be undone',
      downloadedFile: 'A downloaded SAP/ZFT file cannot be undone',
    });
  });
});
