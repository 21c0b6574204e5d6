// The cell rules of the export formats (docs/exports.md), without a database.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { resolveColumns } from '../../src/server/exports/columns';
import { EXPORT_SOURCES } from '../../src/server/exports/sources';
import {
  columnLetters,
  csvCell,
  csvLine,
  csvQuote,
  csvWriter,
  decimalFromText,
  decimalText,
  openWriter,
  neutralise,
  xlsxWriter,
  xmlText,
} from '../../src/server/exports/formats';
import type { Cells } from '../../src/server/exports/queries';
import { ANALYSIS_FIELD_KEYS, decodeAnalysis } from '../../src/server/repositories/analysis-export';
import { SAMPLE_FIELD_KEYS, decodeSample } from '../../src/server/repositories/samples-export';
import { compactTime, implied } from '../../src/server/services/analysis-exports';
import { labStamp } from '../../src/server/exports/service';

describe('CSV cells for a de-AT Excel', () => {
  it('writes decimals with a comma, never with an exponent, and leaves numbers alone', () => {
    expect(decimalText(17.45)).toBe('17,45');
    expect(decimalText(-1.5)).toBe('-1,5');
    expect(decimalText(20)).toBe('20');
    expect(decimalText(1e-7)).toBe('0,0000001');
    expect(csvCell('dec', -1.5)).toBe('-1,5');
    expect(csvCell('int', -3)).toBe('-3');
    expect(csvCell('dec', null)).toBe('');
  });

  it('neutralises text that Excel could evaluate, and only that', () => {
    for (const bad of ['=1+1', '+43 1234', '-1,5', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralise(bad)).toBe(`'${bad}`);
    for (const ok of ['Probe', '1-2', "'quoted", '', ' =x']) expect(neutralise(ok)).toBe(ok);
    expect(csvCell('text', '-----')).toBe("'-----");
  });
});

describe('SAP fields', () => {
  it('implied decimals with the sign first, blanks for null, and refuses what does not fit', () => {
    expect(implied(17.45, 7, 2)).toBe('+001745');
    expect(implied(-0.5, 7, 2)).toBe('-000050');
    expect(implied(null, 7, 2)).toBe('       ');
    expect(implied(26.125, 10, 3)).toBe('+000026125');
    expect(() => implied(123456, 7, 2)).toThrow();
    expect(compactTime('2026-09-02 07:15:00')).toBe('20260902071500');
    expect(compactTime(null)).toBe(' '.repeat(14));
  });
});

describe('attributes', () => {
  it('keeps the client order, maps aliases and drops repeats', () => {
    expect(
      resolveColumns(EXPORT_SOURCES.analysis.columns, ['pol', 'sId', 'aId', 'sample.sampleId.sId']).map(
        (c) => c.key,
      ),
    ).toEqual(['pol', 'sample.sampleId.sId', 'aId']);
    expect(resolveColumns(EXPORT_SOURCES.samples.columns, []).length).toBe(15);
    expect(() => resolveColumns(EXPORT_SOURCES.analysis.columns, ['constructor'])).toThrow(
      /Unknown export attribute/,
    );
    expect(() => resolveColumns(EXPORT_SOURCES.samples.columns, ['pol'])).toThrow(/Unknown export attribute/);
  });

  it('names files with the lab wall-clock time', () => {
    expect(labStamp('Europe/Vienna', new Date('2026-11-22T03:04:05Z'))).toBe('20261122_040405');
  });
});

describe('export rows', () => {
  it('decode the JSON arrays in the order the SQL builds them', () => {
    for (const [keys, decode] of [
      [ANALYSIS_FIELD_KEYS, decodeAnalysis],
      [SAMPLE_FIELD_KEYS, decodeSample],
    ] as const) {
      const record = decode({ j: JSON.stringify(keys) }) as unknown as Record<string, string>;
      expect(Object.keys(record)).toEqual(keys);
      expect(Object.entries(record).every(([k, v]) => k === v)).toBe(true);
    }
  });
});

describe('cells (CSV and XLSX stream the columns as database text)', () => {
  it('numeric text becomes what decimalText makes of the number', () => {
    const cases: [string, number][] = [
      ['17.45', 17.45],
      ['17.40', 17.4],
      ['20.00', 20],
      ['-0.500', -0.5],
      ['0.000', 0],
      ['26.125', 26.125],
      ['1.0500', 1.05],
      ['0.0001', 0.0001],
      ['123456.000', 123456],
      ['7', 7],
    ];
    for (const [text, n] of cases) {
      expect(decimalFromText(text, ',')).toBe(decimalText(n));
      expect(decimalFromText(text, '.')).toBe(String(n));
    }
  });

  it('escapes XML text as exceljs does, and names columns as Excel does', () => {
    expect(xmlText('Probe; "nass" <1> & \'x\'')).toBe(
      'Probe; &quot;nass&quot; &lt;1&gt; &amp; &apos;x&apos;',
    );
    expect(xmlText('a\u0001b\u007fc\td\ne')).toBe('abc\td\ne');
    expect(xmlText('plain')).toBe('plain');
    expect([1, 2, 26, 27, 52, 53, 702, 703].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('write the same CSV as the cell rules and an XLSX exceljs reads back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labdesk-cells-'));
    const columns = resolveColumns<never>(EXPORT_SOURCES.analysis.columns, [
      'aId',
      'pol',
      'dateIn',
      'comment',
      'aFlags',
      'lane',
    ]);
    const cells: Cells[] = [
      ['1', '17.40', '2026-09-02 09:00:00', 'Probe; "nass"', '-L----H', '2', 1],
      ['2', null, null, '=1+1', 'F------', null, 2],
      ['3', '-0.50', '2026-09-03 06:00:00', 'Zeile\r\nzwei <&>', 'X----', '0', 3],
      ['4', '20.00', '2026-09-04 06:00:00', '', '@x', '3', 4],
    ];
    const kinds = columns.map((c) => c.kind);
    const csv = csvWriter(join(dir, 'a.csv'), columns);
    await csv.write(cells.slice(0, 2));
    await csv.write(cells.slice(2));
    await csv.end();
    const reference = (v: string | number | null, i: number): string =>
      csvQuote(
        csvCell(
          kinds[i]!,
          v === null ? null : kinds[i] === 'dec' || kinds[i] === 'int' ? Number(v) : String(v),
        ),
      );
    expect(readFileSync(join(dir, 'a.csv'), 'utf8')).toBe(
      `\ufeff${csvLine(columns.map((c) => c.header))}` +
        cells.map((row) => `${row.slice(0, columns.length).map(reference).join(';')}\r\n`).join(''),
    );

    const xlsx = xlsxWriter(join(dir, 'a.xlsx'), columns, 'Analysis');
    await xlsx.write(cells);
    await xlsx.end();
    // The reference: the same row values through exceljs' own rows (numbers as numbers).
    const exceljsRows = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: join(dir, 'b.xlsx'),
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = exceljsRows.addWorksheet('Analysis');
    sheet.addRow(columns.map((c) => c.header)).commit();
    for (const row of cells)
      sheet
        .addRow(
          row
            .slice(0, columns.length)
            .map((v, i) => (v !== null && kinds[i] !== 'time' && kinds[i] !== 'text' ? Number(v) : v)),
        )
        .commit();
    sheet.commit();
    await exceljsRows.commit();
    const read = async (file: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(join(dir, file));
      return workbook
        .getWorksheet('Analysis')!
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    };
    const values = await read('a.xlsx');
    expect(values).toEqual(await read('b.xlsx'));
    expect(values).toEqual([
      ['aId', 'Pol', 'DateIn', 'Comment', 'aFlags', 'Lane'],
      [1, 17.4, '2026-09-02 09:00:00', 'Probe; "nass"', '-L----H', 2],
      [2, undefined, undefined, '=1+1', 'F------'],
      // XML reads CR LF in text as LF (exceljs' own rows too).
      [3, -0.5, '2026-09-03 06:00:00', 'Zeile\nzwei <&>', 'X----', 0],
      // An empty text is an empty <v> (as exceljs' own rows write it), which reads back as no value.
      [4, 20, '2026-09-04 06:00:00', undefined, '@x', 3],
    ]);
  });

  it('a writer thrown away at once is closed when destroy settles, so removing its file leaves none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labdesk-cells-'));
    const columns = resolveColumns<never>(EXPORT_SOURCES.analysis.columns, ['aId']);
    // An export without rows: its file is thrown away before the stream has opened it.
    for (const type of ['csv', 'xlsx', 'sap'] as const) {
      const path = join(dir, `.empty.${type}.part`);
      const writer = openWriter(type, path, columns, 'Analysis', EXPORT_SOURCES.analysis.flagging?.layouts);
      await writer.destroy();
      await rm(path, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(existsSync(path), type).toBe(false);
    }
  });
});
