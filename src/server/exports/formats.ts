// The file formats of the asynchronous exports: CSV, XLSX, SAP and ZFT. Each writer takes rows in
// chunks and resolves a write only when the file can take more (backpressure), so the job never
// runs ahead of the disk and memory stays flat. Layouts and the CSV choices: docs/exports.md.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { EventEmitter } from 'node:events';
import { finished } from 'node:stream/promises';
import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';
import type { ExportType } from '../../domain/exportJob';
import type { CellValue, ExportColumn } from './columns';
import type { Cells } from './queries';

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
  /**
   * Closes the file without finishing it (the job failed); the caller removes it once this has
   * settled. Settles when the file is closed: a stream destroyed before its file was open still
   * opens (creates) it, so removing the file before that would leave it behind.
   */
  destroy(): Promise<void>;
}

const closeUnfinished = (out: WriteStream): Promise<void> => {
  if (out.closed) return Promise.resolve();
  // An error of a file being thrown away (its open failed, say) changes nothing: it is removed.
  const closed = once(out, 'close').then(
    () => undefined,
    () => undefined,
  );
  out.destroy();
  return closed;
};

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

/**
 * Numeric text from the database ('17.40', '-0.500', '20.00') as decimalText writes that number:
 * trailing zeros and a bare mark dropped, `mark` for the point. numeric never prints an exponent.
 */
export const decimalFromText = (text: string, mark: string): string => {
  const dot = text.indexOf('.');
  if (dot < 0) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--;
  if (end === dot + 1) return text.slice(0, dot);
  return `${text.slice(0, dot)}${mark}${text.slice(dot + 1, end)}`;
};

/** A text cell needs neutralise or csvQuote (one test for both; most cells need neither). */
const TEXT_NEEDS_WORK = /^[=+\-@\t\r]|[;"\r\n]/;

const KIND_CODE = { int: 0, dec: 1, time: 2, text: 3 } as const;

/**
 * Characters per write. A chunk's text as one string (hundreds of KB) is a large object that only
 * a full GC frees: at a million rows the heap grew by ~100 MB of such garbage. Pieces below V8's
 * large-object size die young.
 */
const PIECE = 48 * 1024;

/**
 * CSV from the query's cells (queries.ts: the requested columns as text, in order). The same bytes
 * csvCell and csvQuote give for the records: numbers and lab times need no quoting, text only when
 * it holds something to neutralise or quote. Records are joined into one string per chunk:
 * csv-stringify measured ~30,000 rows/s at 25 columns for the same RFC 4180 output (csv-parse
 * reads it back in the tests).
 */
export const csvWriter = (path: string, columns: readonly ExportColumn<never>[]): FileWriter<Cells> => {
  const out = createWriteStream(path);
  const done = finished(out);
  done.catch(() => undefined);
  // de-AT Excel: ';' separator (',' is the decimal mark), CRLF, UTF-8 with BOM (without it Excel
  // reads the file as Windows-1252 and breaks umlauts).
  out.write(`\ufeff${csvLine(columns.map((c) => c.header))}`);
  const kinds = columns.map((c) => KIND_CODE[c.kind]);
  const width = kinds.length;
  return {
    write: async (rows) => {
      let text = '';
      for (const row of rows) {
        for (let i = 0; i < width; i++) {
          if (i > 0) text += ';';
          const v = row[i];
          if (v === null || v === undefined) continue;
          const cell = String(v);
          switch (kinds[i]) {
            case 1:
              text += decimalFromText(cell, ',');
              break;
            case 3:
              text += TEXT_NEEDS_WORK.test(cell) ? csvQuote(neutralise(cell)) : cell;
              break;
            default:
              text += cell;
          }
        }
        text += '\r\n';
        if (text.length > PIECE) {
          out.write(text);
          text = '';
        }
      }
      out.write(text);
      await drained(out);
    },
    end: async () => {
      out.end();
      await done;
    },
    destroy: () => closeUnfinished(out),
  };
};

// ---- XLSX -------------------------------------------------------------------------------------------

/** The zip entry stream exceljs pipes a sheet into (readable-stream 3: no writableNeedDrain getter). */
type ZipEntry = EventEmitter & { _writableState?: { needDrain: boolean } };
/** exceljs' WorksheetWriter internals used here: its XML stream, and its zip entry (backpressure). */
type SheetStream = { stream: { write: (xml: string) => void; pipes?: ZipEntry[] } };

/** 1 → 'A', 27 → 'AA' (cell references). */
export const columnLetters = (n: number): string => {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
};

/** Text in XML as exceljs' xmlEncode: the five entities, control characters XML forbids dropped. */
// eslint-disable-next-line no-control-regex -- these are the characters XML 1.0 forbids
const XML_SPECIAL = /[<>&'"\x7f\x00-\x08\x0b\x0c\x0e-\x1f]/;
// eslint-disable-next-line no-control-regex -- as above
const XML_SPECIAL_ALL = /[<>&'"\x7f\x00-\x08\x0b\x0c\x0e-\x1f]/g;
const XML_ENTITY: Readonly<Record<string, string>> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};
export const xmlText = (text: string): string =>
  XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ENTITY[c] ?? '') : text;

/**
 * exceljs, loaded at the first spreadsheet written rather than at start-up: with its dependencies it
 * was the largest part of the server's module loading (bench/start.ts). It is CommonJS, so a
 * synchronous require keeps xlsxWriter synchronous; Node caches it after the first call.
 */
const excel = (): typeof ExcelJSModule => createRequire(import.meta.url)('exceljs') as typeof ExcelJSModule;

export const xlsxWriter = (
  path: string,
  columns: readonly ExportColumn<never>[],
  sheetName: string,
): FileWriter<Cells> => {
  const out = createWriteStream(path);
  const done = finished(out);
  done.catch(() => undefined);
  // exceljs' streaming writer makes the package (zip, workbook, rels, content types, the sheet's
  // head and tail); inline strings instead of a shared-strings table, which would grow with the
  // number of distinct texts; no styles (lab times are their text, as in the API and the CSV).
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    // Fast deflate: at the default level compression is slower than the rows come (a bigger file
    // with the same content).
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  // Widths only; the header is an ordinary first row, written by exceljs (that also opens sheetData).
  columns.forEach((c, i) => (sheet.getColumn(i + 1).width = Math.max(8, c.width * 1.4)));
  sheet.addRow(columns.map((c) => c.header)).commit();
  // The data rows are written here as the XML exceljs would make for them (<c r="B7" t="str"><v>…,
  // numbers as <v> without a type, null cells left out): through exceljs' row and cell models the
  // sheet measured ~18,000 rows/s at 24 columns, the model objects per cell being most of the work.
  const stream = (sheet as unknown as SheetStream).stream;
  const letters = columns.map((_, i) => columnLetters(i + 1));
  const kinds = columns.map((c) => KIND_CODE[c.kind]);
  const width = kinds.length;
  let rowNumber = 1;
  return {
    write: async (rows) => {
      let xml = '';
      for (const row of rows) {
        const r = ++rowNumber;
        xml += `<row r="${r}">`;
        for (let i = 0; i < width; i++) {
          const v = row[i];
          if (v === null || v === undefined) continue;
          const cell = String(v);
          if (kinds[i]! <= 1) xml += `<c r="${letters[i]}${r}"><v>${decimalFromText(cell, '.')}</v></c>`;
          else xml += `<c r="${letters[i]}${r}" t="str"><v>${xmlText(cell)}</v></c>`;
        }
        xml += '</row>';
        if (xml.length > PIECE) {
          stream.write(xml);
          xml = '';
        }
      }
      stream.write(xml);
      // exceljs writes the sheet into the zip entry without honouring backpressure, so unread XML
      // piles up in memory when deflate falls behind (1 GB at 1M rows measured). Wait for the
      // entry's stream (the sheet's StreamBuf pipes into it) and for the file.
      const entry = stream.pipes?.[0];
      if (entry?._writableState?.needDrain) await once(entry, 'drain');
      await drained(out);
    },
    end: async () => {
      sheet.commit();
      await workbook.commit();
      await done;
    },
    destroy: () => closeUnfinished(out),
  };
};

/** A record layout (SAP, ZFT): an optional header line, one line per record, a trailer with the count. */
export interface RecordLayout<R> {
  header?: string;
  record(r: R): string;
  trailer(count: number): string;
}

/** SAP and ZFT layouts: ASCII lines with CRLF, a record per row and a trailer with the count. */
export const recordWriter = <R>(path: string, layout: RecordLayout<R>): FileWriter<R> => {
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
    destroy: () => closeUnfinished(out),
  };
};

export const openWriter = (
  type: ExportType,
  path: string,
  columns: readonly ExportColumn<never>[],
  sheetName: string,
  /** SAP and ZFT: the exporting resource's record layouts (exports/sources.ts, flagging). */
  layouts?: Readonly<Partial<Record<ExportType, RecordLayout<never>>>>,
): FileWriter<never> => {
  switch (type) {
    case 'csv':
      return csvWriter(path, columns) as FileWriter<never>;
    case 'xlsx':
      return xlsxWriter(path, columns, sheetName) as FileWriter<never>;
    case 'sap':
    case 'zft': {
      const layout = layouts?.[type];
      if (!layout) throw new Error(`no ${type} layout`);
      return recordWriter(path, layout);
    }
  }
};
