// Reading an instrument file for the sync without holding it in memory: a first pass hashes it and
// finds its encoding (and NUL bytes: no text file holds one, a UTF-16 file is full of them), a
// second streams its records to the importer. Both read the bytes the file had when it was opened
// (up to its size then), so lines written meanwhile are not read half; whether the file changed
// is asked after the import (changedSince).
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat, type FileHandle } from 'node:fs/promises';
import { csvRowBatches, sniffEncoding, type CsvRow, type TextEncoding } from '../imports/csvReader';
import { sameFile } from './files';

/** A part of a file: [start, end) in bytes. */
export interface ByteRange {
  start: number;
  end: number;
}

const READ_CHUNK = 16 * 1024;

async function* bytesOf(handle: FileHandle, ranges: readonly ByteRange[]): AsyncGenerator<Buffer> {
  for (const { start, end } of ranges) {
    let at = start;
    while (at < end) {
      const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, end - at));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) return;
      at += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  }
}

export interface Sniffed {
  hash: string;
  encoding: TextEncoding;
  nul: boolean;
}

/** The first pass: the content's hash, its encoding and whether it holds a NUL byte. */
export const sniffFile = async (handle: FileHandle, ranges: readonly ByteRange[]): Promise<Sniffed> => {
  const hash = createHash('sha256');
  const sniff = sniffEncoding();
  for await (const chunk of bytesOf(handle, ranges)) {
    hash.update(chunk);
    sniff.update(chunk);
  }
  return { hash: hash.digest('hex'), ...sniff.result() };
};

/** The second pass: the records, in batches as they stream in. */
export const fileRows = (handle: FileHandle, ranges: readonly ByteRange[], encoding: TextEncoding): AsyncGenerator<CsvRow[]> =>
  csvRowBatches(bytesOf(handle, ranges), { encoding });

/** True when the open file, or what its name now points to, is no longer what was read. */
export const changedSince = async (handle: FileHandle, path: Buffer | string, before: Stats): Promise<boolean> => {
  const now = await handle.stat();
  if (!sameFile(before, now)) return true;
  try {
    const named = await lstat(path);
    return named.ino !== before.ino || named.dev !== before.dev;
  } catch {
    return true;
  }
};

/** Where the last line that `end` completes begins: `end` itself when the byte before it ends a line. */
export const lineStartBefore = async (handle: FileHandle, end: number): Promise<number> => {
  const window = Math.min(end, READ_CHUNK);
  if (window === 0) return 0;
  const buffer = Buffer.alloc(window);
  const { bytesRead } = await handle.read(buffer, 0, window, end - window);
  const nl = buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
  return nl < 0 ? end : end - window + nl + 1;
};

/** The header line's range (up to and with its line break), for reading a tail under it. */
export const headerRange = async (handle: FileHandle, size: number): Promise<ByteRange> => {
  const window = Math.min(size, READ_CHUNK);
  const buffer = Buffer.alloc(window);
  const { bytesRead } = await handle.read(buffer, 0, window, 0);
  const nl = buffer.subarray(0, bytesRead).indexOf(0x0a);
  return { start: 0, end: nl < 0 ? bytesRead : nl + 1 };
};
