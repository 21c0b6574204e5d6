// The file formats of the asynchronous exports: CSV, XLSX, SAP and ZFT. Each writer takes rows in
// chunks and resolves a write only when the file can take more (backpressure), so the job never
// runs ahead of the disk and memory stays flat. Layouts and the CSV choices: docs/exports.md.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { EventEmitter } from 'node:events';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { AnalysisRecord } from '../repositories/analysis';
import type { CellValue, ExportColumn } from './columns';

export const EXPORT_TYPES = ['csv', 'xlsx', 'sap', 'zft'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
/** SAP and ZFT stamp the exported analyses (ARCHITECTURE §5); only analyses have these layouts. */
export const FLAGGING_TYPES: ReadonlySet<ExportType> = new Set(['sap', 'zft']);

export const CONTENT_TYPES: Record<ExportType | 'pdf', string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  sap: 'text/plain; charset=us-ascii',
  zft: 'text/plain; charset=us-ascii',
  pdf: 'application/pdf',
};

export interface FileWriter<R> {
  write(rows: readonly R[]): Promise<void>;
  /** Flushes and closes the file. */
  end(): Promise<void>;
  /** Closes the file without finishing it (the job failed); the caller removes it. */
  destroy(): void;
}

const drained = async (out: WriteStream): Promise<void> => {
  if (out.writableNeedDrain) await once(out, 'drain');
};

// ---- CSV --------------------------------------------------------------------------------------------

/**
 * A decimal in the de-AT form Excel expects: comma, no grouping, never an exponent (String() would
 * write 1e-7). Numbers come from typed numeric columns and are never neutralised: "-1,5" in a
 * measured column is a number, Excel shows it as one, and no formula can hide in it.
 */
export const decimalText = (n: number): string => {
  const text = Number.isInteger(n) || Math.abs(n) >= 1e-6 ? String(n) : n.toFixed(12).replace(/0+$/, '');
  return text.includes('e')
    ? n
        .toFixed(6)
        .replace(/\.?0+$/, '')
        .replace('.', ',')
    : text.replace('.', ',');
};

/** A text cell Excel might evaluate (formula injection, OWASP "CSV injection") gets a leading '. */
const DANGEROUS_START = /^[=+\-@\t\r]/;
export const neutralise = (text: string): string => (DANGEROUS_START.test(text) ? `'${text}` : text);

export const csvCell = (kind: ExportColumn<unknown>['kind'], value: CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return kind === 'int' ? String(value) : decimalText(value);
  // Lab times start with a digit; ids are digits: only free and coded text can start dangerously.
  return neutralise(value);
};

/** RFC 4180 quoting: only cells holding the separator, a quote, CR or LF are quoted. */
const NEEDS_QUOTES = /[;"\r\n]/;
export const csvQuote = (cell: string): string =>
  NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;

/** One CSV record (with its CRLF) from cells already formatted by csvCell. */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvQuote).join(';')}\r\n`;

export const csvWriter = <R>(path: string, columns: readonly ExportColumn<R>[]): FileWriter<R> => {
  const out = createWriteStream(path);
  const done = finished(out);
  done.catch(() => undefined);
  // de-AT Excel: ';' separator (',' is the decimal mark), CRLF, UTF-8 with BOM (without it Excel
  // reads the file as Windows-1252 and breaks umlauts). The records are built here and written one
  // string per chunk: csv-stringify, stream or sync API, measured ~30,000 rows/s at 25 columns —
  // a third of the target — for the same RFC 4180 output (csv-parse reads it back in the tests).
  out.write(`\ufeff${csvLine(columns.map((c) => c.header))}`);
  const kinds = columns.map((c) => c.kind);
  const getters = columns.map((c) => c.get);
  return {
    write: async (rows) => {
      let text = '';
      for (const row of rows) {
        let line = '';
        for (let i = 0; i < getters.length; i++) {
          if (i > 0) line += ';';
          line += csvQuote(csvCell(kinds[i]!, getters[i]!(row)));
        }
        text += `${line}\r\n`;
      }
      out.write(text);
      await drained(out);
    },
    end: async () => {
      out.end();
      await done;
    },
    destroy: () => out.destroy(),
  };
};

// ---- XLSX -------------------------------------------------------------------------------------------

/** The zip entry stream exceljs pipes a sheet into (readable-stream 3: no writableNeedDrain getter). */
type ZipEntry = EventEmitter & { _writableState?: { needDrain: boolean } };

export const xlsxWriter = <R>(
  path: string,
  columns: readonly ExportColumn<R>[],
  sheetName: string,
): FileWriter<R> => {
  const out = createWriteStream(path);
  const done = finished(out);
  done.catch(() => undefined);
  // Streaming writer: each committed row goes to the zip stream at once; inline strings instead of
  // a shared-strings table, which would grow with the number of distinct texts. No styles: with
  // them exceljs measured ~6,000 rows/s at 25 columns, without ~19,000; so lab times are written as
  // their text (as in the API and the CSV) and numbers as numbers.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    // Fast deflate: at the default level compression is slower than the rows come (a bigger file
    // with the same content).
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  // Widths only; the header is an ordinary first row (column keys would add a lookup per cell).
  columns.forEach((c, i) => (sheet.getColumn(i + 1).width = Math.max(8, c.width * 1.4)));
  sheet.addRow(columns.map((c) => c.header)).commit();
  return {
    write: async (rows) => {
      for (const row of rows) sheet.addRow(columns.map((c) => c.get(row))).commit();
      // exceljs writes the sheet into the zip entry without honouring backpressure, so unread XML
      // piles up in memory when deflate falls behind (1 GB at 1M rows measured). Wait for the
      // entry's stream (exceljs internals: the sheet's StreamBuf pipes into it) and for the file.
      const entry = (sheet as unknown as { stream?: { pipes?: ZipEntry[] } }).stream?.pipes?.[0];
      if (entry?._writableState?.needDrain) await once(entry, 'drain');
      await drained(out);
    },
    end: async () => {
      sheet.commit();
      await workbook.commit();
      await done;
    },
    destroy: () => out.destroy(),
  };
};

// ---- SAP (fixed width) and ZFT (semicolon records) ------------------------------------------------

/** Implied decimals, sign first: 17.45 with 2 decimals in 7 → '+001745'; null → blanks. */
export const implied = (value: number | null, width: number, decimals: number): string => {
  if (value === null) return ' '.repeat(width);
  const scaled = Math.round(Math.abs(value) * 10 ** decimals);
  const digits = String(scaled).padStart(width - 1, '0');
  if (digits.length > width - 1) throw new Error(`value ${value} does not fit ${width} characters`);
  return (value < 0 ? '-' : '+') + digits;
};

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYYMMDDHHmmss'; null → 14 blanks. */
export const compactTime = (t: string | null): string =>
  t === null ? ' '.repeat(14) : t.replace(/[- :]/g, '').slice(0, 14).padEnd(14, ' ');

/** Only printable ASCII in the fixed layouts (a stray byte would shift every later field). */
const ascii = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');

export const SAP_RECORD_LENGTH = 138;

export const sapRecord = (r: AnalysisRecord): string =>
  'D' +
  r.sId.padStart(13, '0') +
  compactTime(r.sStamp) +
  String(r.aId).padStart(12, '0') +
  ascii(r.aFlags).slice(0, 7).padEnd(7, ' ') +
  compactTime(r.dateIn) +
  compactTime(r.dateOut) +
  [r.pol, r.nat, r.kal, r.an, r.glu, r.dry].map((v) => implied(v, 7, 2)).join('') +
  implied(r.weightNet, 10, 3) +
  implied(r.weightBru, 10, 3) +
  (r.lane === null ? ' ' : String(r.lane).slice(0, 1));

export const sapTrailer = (count: number): string =>
  ('T' + String(count).padStart(12, '0')).padEnd(SAP_RECORD_LENGTH, ' ');

const fixed = (v: number | null, decimals: number): string => (v === null ? '' : v.toFixed(decimals));
const zftText = (t: string | null): string => (t === null ? '' : ascii(t).replace(/;/g, ' '));

export const ZFT_HEADER = 'H;LABDESK-ZFT;1';

export const zftRecord = (r: AnalysisRecord): string =>
  [
    'A',
    r.sId,
    r.sStamp,
    String(r.aId),
    zftText(r.aFlags),
    zftText(r.dateIn),
    zftText(r.dateOut),
    ...[r.pol, r.nat, r.kal, r.an, r.glu, r.dry].map((v) => fixed(v, 2)),
    fixed(r.weightNet, 3),
    fixed(r.weightBru, 3),
    r.lane === null ? '' : String(r.lane),
  ].join(';');

export const zftTrailer = (count: number): string => `E;${count}`;

/** SAP and ZFT: ASCII lines with CRLF, a fixed record per analysis and a trailer with the count. */
export const recordWriter = (
  path: string,
  layout: { header?: string; record: (r: AnalysisRecord) => string; trailer: (count: number) => string },
): FileWriter<AnalysisRecord> => {
  const out = createWriteStream(path, { encoding: 'ascii' });
  const done = finished(out);
  done.catch(() => undefined);
  let count = 0;
  if (layout.header) out.write(`${layout.header}\r\n`);
  return {
    write: async (rows) => {
      let text = '';
      for (const row of rows) text += `${layout.record(row)}\r\n`;
      count += rows.length;
      out.write(text);
      await drained(out);
    },
    end: async () => {
      out.end(`${layout.trailer(count)}\r\n`);
      await done;
    },
    destroy: () => out.destroy(),
  };
};

export const openWriter = (
  type: ExportType,
  path: string,
  columns: readonly ExportColumn<never>[],
  sheetName: string,
): FileWriter<never> => {
  switch (type) {
    case 'csv':
      return csvWriter(path, columns);
    case 'xlsx':
      return xlsxWriter(path, columns, sheetName);
    case 'sap':
      return recordWriter(path, { record: sapRecord, trailer: sapTrailer }) as FileWriter<never>;
    case 'zft':
      return recordWriter(path, {
        header: ZFT_HEADER,
        record: zftRecord,
        trailer: zftTrailer,
      }) as FileWriter<never>;
  }
};
