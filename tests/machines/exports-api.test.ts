// The pure parts of the export client (src/api/exports.ts): the file name of a content-disposition
// header (the PDF and the downloads are saved under it) and the export type of a job's file name
// (a reload resumes the job the server names). The calls themselves run in tests/e2e/export.spec.ts
// against the real server.
import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../src/api/exports';
import { exportTypeOf } from '../../src/domain/exportJob';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="analysis_20261122_043000.pdf"', 'analysis_20261122_043000.pdf'],
    ['attachment; filename=analysis_20261122_043000_1a2b3c4d.csv', 'analysis_20261122_043000_1a2b3c4d.csv'],
    ['attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    // RFC 6266: the extended parameter wins over the plain one.
    ['attachment; filename="Pr?fung.pdf"; filename*=UTF-8\'\'Pr%C3%BCfung.pdf', 'Prüfung.pdf'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="fallback.pdf"', 'fallback.pdf'],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });

  it('is null without a header or a file name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});

describe('exportTypeOf', () => {
  it('reads the type from the extension of the server’s file names', () => {
    expect(exportTypeOf('analysis_20261122_043000_1a2b3c4d.csv')).toBe('csv');
    expect(exportTypeOf('analysis_20261122_043000_1a2b3c4d.xlsx')).toBe('xlsx');
    expect(exportTypeOf('analysis_20261122_043000_1a2b3c4d.sap')).toBe('sap');
    expect(exportTypeOf('samples_20261122_043000_1a2b3c4d.zft')).toBe('zft');
  });

  it('is null for names no export makes', () => {
    expect(exportTypeOf('analysis_20261122_043000.pdf')).toBeNull();
    expect(exportTypeOf('notes.txt')).toBeNull();
    expect(exportTypeOf('csv')).toBeNull();
  });
});
