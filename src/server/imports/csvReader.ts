// The one CSV reader of the server's imports (sync files, uploaded files): csv-parse's streaming
// parser behind a small API, so every import agrees on quoting (a quoted field may hold the
// delimiter, "" for a quote and line breaks), on encodings and on line numbers, and none of them
// holds a whole file in memory.
//
// Encodings (docs/sync.md): UTF-8, with or without BOM; a file that is not valid UTF-8 is
// Windows-1252, as Excel on de-AT and older instrument PCs save it. Node's TextDecoder reads
// 'windows-1252' as Latin-1 (0x80 '€' becomes the control character U+0080), so the 32 bytes where
// the two differ are mapped here. A NUL byte is never text: such a file (UTF-16, a binary) is
// refused by the caller before anything of it is read (sniffEncoding tells).
//
//   const sniff = sniffEncoding();            // feed every chunk once: encoding and NUL bytes
//   for await (const batch of csvRowBatches(chunks, { encoding: sniff.result().encoding }))
//     for (const row of batch) row.line, row.cells
//   csvRowsOf(bytes)                          // the same for a file already in memory
import { Readable } from 'node:stream';
import { CsvError, Parser } from 'csv-parse';

export type TextEncoding = 'utf-8' | 'windows-1252';

/** A line error of the file itself (a quote not closed, a record too long): its line and why. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

/** One record: the line it ends on (1-based) and its cells, trimmed. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvOptions {
  encoding?: TextEncoding;
  /** ';' unless told. */
  delimiter?: string;
  /** The longest record taken (a quote never closed would otherwise read the rest of the file into one field). */
  maxRecordBytes?: number;
}

export const MAX_RECORD_BYTES = 1024 * 1024;

// ---- encodings ---------------------------------------------------------------------------------

/** Windows-1252 bytes 0x80–0x9F; the five it leaves undefined stay C1 controls (and are refused as such). */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d,
  0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,
  0x017e, 0x0178,
];

export const decodeWindows1252 = (bytes: Uint8Array): string => {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const part = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Array.from(part, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80]! : b)));
  }
  return out;
};

/** A whole file in memory: UTF-8 when it is valid UTF-8, else Windows-1252. */
export const decodeText = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
};

export interface EncodingSniff {
  update(chunk: Uint8Array): void;
  /** The file's encoding, and whether it holds a NUL byte (then it is no text file). */
  result(): { encoding: TextEncoding; nul: boolean };
}

/** Looks at every chunk of a file once (the caller hashes the same chunks). */
export const sniffEncoding = (): EncodingSniff => {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  let nul = false;
  return {
    update(chunk) {
      if (!nul && chunk.includes(0)) nul = true;
      if (!valid) return;
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        valid = false;
      }
    },
    result() {
      if (valid) {
        try {
          utf8.decode();
        } catch {
          valid = false;
        }
      }
      return { encoding: valid ? 'utf-8' : 'windows-1252', nul };
    },
  };
};

/**
 * What the parser reads: UTF-8 as its bytes (csv-parse works on bytes and decodes each field as
 * UTF-8, a string it would encode back into bytes first; its `bom` option drops a BOM), a
 * Windows-1252 file decoded here.
 */
async function* parserInput(chunks: AsyncIterable<Uint8Array>, encoding: TextEncoding): AsyncGenerator<Uint8Array | string> {
  if (encoding === 'windows-1252') {
    for await (const chunk of chunks) yield decodeWindows1252(chunk);
    return;
  }
  yield* chunks;
}

// ---- records -----------------------------------------------------------------------------------

/**
 * csv-parse's parser giving each record as a CsvRow, with the line it ends on: the parser's line
 * count when it pushes the record, the same number its `info` option reads there (which builds an
 * object of a dozen counters per record for it, a tenth of a 100,000-line sync's reading).
 */
class RowParser extends Parser {
  override push(record: unknown, encoding?: BufferEncoding): boolean {
    return super.push(record === null ? null : ({ line: this.info.lines, cells: record as string[] } satisfies CsvRow), encoding);
  }
}

const syntaxError = (err: unknown): Error => {
  if (!(err instanceof CsvError)) return err instanceof Error ? err : new Error(String(err));
  const line = Number((err as CsvError & { lines?: number }).lines ?? 0) || 1;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return new CsvSyntaxError(line, 'a quoted field is not closed');
  if (err.code === 'CSV_MAX_RECORD_SIZE') return new CsvSyntaxError(line, 'the line is too long (a quoted field not closed?)');
  return new CsvSyntaxError(line, err.message.replace(/^Invalid[^:]*: /, ''));
};

/**
 * The records of a file as it streams in, in batches of what the parser holds at a time (one await
 * per batch, not per record: a 100,000-line file is read several times faster so). Empty lines are
 * skipped, cells are trimmed, a quote inside an unquoted field is kept as written. Throws
 * CsvSyntaxError for what no record can hold.
 */
export async function* csvRowBatches(chunks: AsyncIterable<Uint8Array>, options: CsvOptions = {}): AsyncGenerator<CsvRow[]> {
  const parser = new RowParser({
    delimiter: options.delimiter ?? ';',
    bom: true,
    trim: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: options.maxRecordBytes ?? MAX_RECORD_BYTES,
  });
  const input = Readable.from(parserInput(chunks, options.encoding ?? 'utf-8'));
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  let failed: unknown = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  parser.on('readable', signal);
  parser.on('end', () => {
    ended = true;
    signal();
  });
  parser.on('error', (err) => {
    failed = err;
    signal();
  });
  try {
    for (;;) {
      const batch: CsvRow[] = [];
      let row: CsvRow | null;
      while ((row = parser.read() as CsvRow | null) !== null) batch.push(row);
      // The records before a syntax error first: an earlier bad line is the one to name.
      if (batch.length > 0) yield batch;
      else if (failed !== null) throw syntaxError(failed);
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    input.destroy();
    parser.destroy();
  }
}

/** The records of a file already in memory (an upload): its encoding is found as a file's is. */
export const csvRowsOf = (bytes: Uint8Array, options: Omit<CsvOptions, 'encoding'> = {}): AsyncGenerator<CsvRow[]> => {
  const sniff = sniffEncoding();
  sniff.update(bytes);
  return csvRowBatches(Readable.from([bytes]), { ...options, encoding: sniff.result().encoding });
};
