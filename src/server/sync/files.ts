// The sync source on disk (ARCHITECTURE §5): LAB_SYNC_SOURCE/<syncid>/ (lower case) holds the files
// waiting; done/ and failed/ below it the ones handled (a failed file with '<name>.reason.txt'
// beside it). Instruments write files in place, so a file still being written must not be read
// half: a file younger than the settle time, or one that changes while it is read, waits for the
// next run.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SyncId } from '../../domain/entities/syncEntry';

export const DONE_DIR = 'done';
export const FAILED_DIR = 'failed';
/** A file must be unchanged this long before it is read. */
export const DEFAULT_SETTLE_MS = 3000;
export const SYNC_EXTENSIONS = ['.csv', '.txt'];

export const folderOf = (source: string, syncId: SyncId): string => join(source, syncId.toLowerCase());

export const ensureFolders = async (source: string, syncId: SyncId): Promise<string> => {
  const dir = folderOf(source, syncId);
  await mkdir(join(dir, DONE_DIR), { recursive: true });
  await mkdir(join(dir, FAILED_DIR), { recursive: true });
  return dir;
};

export interface WaitingFile {
  name: string;
  path: string;
}

/** The files waiting in `dir`, in name order; hidden and partial ('.part', '~') files are not. */
export const listWaiting = async (dir: string): Promise<WaitingFile[]> => {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.') && SYNC_EXTENSIONS.some((x) => e.name.toLowerCase().endsWith(x)))
    .map((e) => e.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => ({ name, path: join(dir, name) }));
};

export interface ReadFile {
  text: string;
  hash: string;
}

/**
 * Reads a waiting file if it has settled: null when it is too young or changed while being read
 * (still being written), or is gone (another instance took it).
 */
export const readSettled = async (path: string, settleMs: number, now = Date.now()): Promise<ReadFile | null> => {
  try {
    const before = await stat(path);
    if (now - before.mtimeMs < settleMs) return null;
    const bytes = await readFile(path);
    const after = await stat(path);
    if (after.size !== before.size || after.mtimeMs !== before.mtimeMs || bytes.length !== after.size) return null;
    return { text: decode(bytes), hash: createHash('sha256').update(bytes).digest('hex') };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

/** UTF-8; a file that is not valid UTF-8 is read as Windows-1252 (older instrument PCs). */
const decode = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

/** Where a handled file goes; an earlier file of the same name there keeps its place. */
const target = async (dir: string, name: string, hash: string): Promise<string> => {
  const plain = join(dir, name);
  try {
    await stat(plain);
    return join(dir, `${name}.${hash.slice(0, 12)}`);
  } catch {
    return plain;
  }
};

/** Moves a handled file; false when it is gone already (moved by another instance). */
export const moveTo = async (
  dir: string,
  sub: typeof DONE_DIR | typeof FAILED_DIR,
  file: WaitingFile,
  hash: string,
  reason?: string,
): Promise<boolean> => {
  const to = await target(join(dir, sub), file.name, hash);
  if (reason !== undefined) await writeFile(`${to}.reason.txt`, `${reason}\n`, 'utf8');
  try {
    await rename(file.path, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
};
