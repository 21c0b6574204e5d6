// Writes that left the building are not undoable and say so (docs/dev/architecture.md#undo): a
// printed label, a downloaded SAP or ZFT file (the export jobs' download and a screen's own ZFT);
// every other call, and the readable exports, are no such write.
import { describe, expect, it } from 'vitest';
import { leftTheBuilding, UNDO_MESSAGES } from '../../src/domain/undo';

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
