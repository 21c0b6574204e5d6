// The sync source on disk (docs/dev/architecture.md#domain-decisions): LAB_SYNC_SOURCE/<syncid>/ (lower case) holds the files
// waiting; done/ and failed/ below it the ones handled (a failed file with '<name>.reason.txt'
// beside it).
//
// The inbox is written by instruments, often through a shared account or a network share, so
// nothing in it is trusted to stay inside it (issue 29): no link is ever followed. The entry's
// folders must be real folders whose real path is where they should be (a linked folder is refused
// whole: nothing in it is read or moved); a waiting file is opened with O_NOFOLLOW and must be a
// regular file with no other hard link; a reason file is created exclusively (O_EXCL|O_NOFOLLOW),
// so a link planted under its name is never written through; and every folder is checked again
// right before a file is moved into it. Names are read as bytes: a name that is not UTF-8 is moved
// aside under a readable name instead of waiting forever, and a name too long for its reason file
// gets a shortened one (deterministic: cut name + hash).
import { createHash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { SyncId } from '../../domain/entities/syncEntry';

export const DONE_DIR = 'done';
export const FAILED_DIR = 'failed';
/** A file must be unchanged this long before it is read. */
export const DEFAULT_SETTLE_MS = 3000;
export const SYNC_EXTENSIONS = ['.csv', '.txt'];
/** The longest file name most file systems take, in bytes. */
export const NAME_MAX = 255;
const REASON_SUFFIX = '.reason.txt';

/** A refusal of the inbox itself (a linked or foreign folder): said in the run log without server paths. */
export class InboxRefusal extends Error {
  override name = 'InboxRefusal';
}

export const folderOf = (source: string, syncId: SyncId): string => join(source, syncId.toLowerCase());
/** The entry's folder as the lab names it (relative to the sync source): 'analysis/'. */
export const relativeFolderOf = (syncId: SyncId): string => `${syncId.toLowerCase()}/`;

export interface EntryFolders {
  /** The folder's name relative to the source ('analysis'), for messages. */
  rel: string;
  dir: string;
  done: string;
  failed: string;
}

const isErrno = (err: unknown, ...codes: string[]): boolean =>
  codes.includes((err as NodeJS.ErrnoException | undefined)?.code ?? '');

/** A real folder at exactly `path` (its real path is itself: no link in it or above it inside the source). */
const checkFolder = async (path: string, rel: string): Promise<void> => {
  const st = await lstat(path);
  if (st.isSymbolicLink()) throw new InboxRefusal(`${rel}/ is a link; links are not followed, nothing in it is read or moved`);
  if (!st.isDirectory()) throw new InboxRefusal(`${rel} is not a folder`);
  if ((await realpath(path)) !== path) throw new InboxRefusal(`${rel}/ leads outside the sync source; nothing in it is read or moved`);
};

const makeFolder = async (path: string, rel: string): Promise<void> => {
  try {
    await mkdir(path);
  } catch (err) {
    if (!isErrno(err, 'EEXIST')) throw err;
  }
  await checkFolder(path, rel);
};

/**
 * The entry's folders, created one level at a time (never through a link), each checked. The source
 * itself is the administrator's setting and may be a link; everything below it may not.
 */
export const openFolders = async (source: string, syncId: SyncId): Promise<EntryFolders> => {
  await mkdir(source, { recursive: true });
  const root = await realpath(source);
  const rel = syncId.toLowerCase();
  const dir = join(root, rel);
  await makeFolder(dir, rel);
  const done = join(dir, DONE_DIR);
  const failed = join(dir, FAILED_DIR);
  await makeFolder(done, `${rel}/${DONE_DIR}`);
  await makeFolder(failed, `${rel}/${FAILED_DIR}`);
  return { rel, dir, done, failed };
};

/** Checks the folders again (right before a move: a folder may have been swapped for a link meanwhile). */
export const recheckFolders = async (f: EntryFolders): Promise<void> => {
  await checkFolder(f.dir, f.rel);
  await checkFolder(f.done, `${f.rel}/${DONE_DIR}`);
  await checkFolder(f.failed, `${f.rel}/${FAILED_DIR}`);
};

// ---- names -------------------------------------------------------------------------------------

const utf8 = new TextDecoder('utf-8', { fatal: true });
const shortHash = (text: string | Buffer, n = 8): string => createHash('sha256').update(text).digest('hex').slice(0, n);

export interface WaitingFile {
  /** The name as text: as it is, or (not UTF-8) with '_' for every byte that is not. */
  name: string;
  /** The name's bytes on disk. */
  raw: Buffer;
  /** The full path as bytes (works for any name). */
  path: Buffer;
  /** A link (never read) or a name that is not UTF-8 (moved aside with a reason). */
  problem: 'link' | 'name' | null;
}

const readableName = (raw: Buffer): { name: string; valid: boolean } => {
  try {
    return { name: utf8.decode(raw), valid: true };
  } catch {
    const lossy = new TextDecoder('utf-8').decode(raw).replace(/\uFFFD/g, '_');
    return { name: lossy, valid: false };
  }
};

/**
 * Cuts `base` so that `base + suffix` fits NAME_MAX bytes; a cut name ends in '~' and a hash of the
 * whole name, so two long names sharing their beginning stay apart and the same name always gets
 * the same short one.
 */
export const fitName = (base: string, suffix = ''): string => {
  if (Buffer.byteLength(base + suffix) <= NAME_MAX) return base + suffix;
  const tag = `~${shortHash(base)}`;
  let cut = base.slice(0, NAME_MAX);
  while (Buffer.byteLength(cut + tag + suffix) > NAME_MAX) cut = cut.slice(0, -1);
  return cut + tag + suffix;
};

const hasSyncExtension = (name: string): boolean => SYNC_EXTENSIONS.some((x) => name.toLowerCase().endsWith(x));

/**
 * The files waiting in the folder, in name order (by bytes); hidden files and other extensions are
 * not. Links and names that are not UTF-8 are listed with their problem, to be moved aside.
 */
export const listWaiting = async (f: EntryFolders): Promise<WaitingFile[]> => {
  const entries = await readdir(f.dir, { withFileTypes: true, encoding: 'buffer' });
  const dirBytes = Buffer.from(f.dir);
  const files: WaitingFile[] = [];
  for (const e of entries) {
    const raw = e.name as unknown as Buffer;
    if (raw[0] === 0x2e /* '.' */) continue;
    const { name, valid } = readableName(raw);
    if (!hasSyncExtension(name)) continue;
    const link = e.isSymbolicLink();
    if (!link && !e.isFile()) continue;
    files.push({
      name,
      raw,
      path: Buffer.concat([dirBytes, Buffer.from('/'), raw]),
      problem: link ? 'link' : valid ? null : 'name',
    });
  }
  return files.sort((a, b) => Buffer.compare(a.raw, b.raw));
};

// ---- reading -----------------------------------------------------------------------------------

/** What makes a file changed: another size, time or inode means it was written (or replaced) meanwhile. */
export const sameFile = (a: Stats, b: Stats): boolean =>
  a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino && a.dev === b.dev;

export type OpenResult =
  | { kind: 'open'; handle: FileHandle; stat: Stats }
  | { kind: 'gone' }
  | { kind: 'refused'; reason: string };

/**
 * Opens a waiting (or done) file for reading without following a link: a link, anything but a
 * regular file, or a file with another hard link (it could be any file of the server's) is refused
 * unread. 'gone' when another instance took it.
 */
export const openFile = async (path: Buffer | string): Promise<OpenResult> => {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return { kind: 'gone' };
    if (isErrno(err, 'ELOOP', 'EMLINK')) return { kind: 'refused', reason: 'the file is a link; links are not read' };
    throw err;
  }
  const stat = await handle.stat();
  const refusal = !stat.isFile()
    ? 'it is not a regular file'
    : stat.nlink > 1
      ? 'the file has another link (a hard link); such files are not read'
      : null;
  if (refusal) {
    await handle.close();
    return { kind: 'refused', reason: refusal };
  }
  return { kind: 'open', handle, stat };
};

// ---- moving ------------------------------------------------------------------------------------

const taken = async (path: string): Promise<boolean> => {
  try {
    await lstat(path);
    return true;
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return false;
    throw err;
  }
};

/**
 * A free name in `folder` for `name`: the name itself, else name.<hash12>, else with a counter (each
 * cut to NAME_MAX the way fitName cuts).
 */
export const freeName = async (folder: string, name: string, hash: string): Promise<string> => {
  const candidates = [name, fitName(name, `.${hash.slice(0, 12)}`)];
  for (let i = 2; i < 50; i++) candidates.push(fitName(name, `.${hash.slice(0, 12)}.${i}`));
  for (const c of candidates) if (!(await taken(join(folder, c)))) return c;
  throw new InboxRefusal(`no free name for ${name} in its folder`);
};

/** Writes `text` to a new file: never through a link, never over an existing file; false when the name is taken. */
const createExclusive = async (path: string, text: string): Promise<boolean> => {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  } catch (err) {
    if (isErrno(err, 'EEXIST', 'ELOOP')) return false;
    throw err;
  }
  try {
    await handle.writeFile(text, 'utf8');
  } finally {
    await handle.close();
  }
  return true;
};

/**
 * Creates the reason file of `name` in `folder`: '<name>.reason.txt', cut to NAME_MAX (fitName) for
 * a long name, and with a counter when that name is taken (by a link planted there, say).
 */
const writeReason = async (folder: string, name: string, reason: string): Promise<string> => {
  for (let i = 1; i < 50; i++) {
    const reasonFile = fitName(i === 1 ? name : `${name}.${i}`, REASON_SUFFIX);
    if (await createExclusive(join(folder, reasonFile), `${reason}\n`)) return reasonFile;
  }
  throw new InboxRefusal(`no free name for the reason file of ${name}`);
};

export interface Moved {
  /** The file's name in done/ or failed/. */
  name: string;
  /** Its reason file's name (failed/ only). */
  reasonFile?: string;
}

/**
 * Moves a handled file into done/ or failed/ (with its reason file) under a free name; null when it
 * is gone already (moved by another instance). The folders are checked again first.
 */
export const moveTo = async (
  f: EntryFolders,
  sub: typeof DONE_DIR | typeof FAILED_DIR,
  file: Pick<WaitingFile, 'name' | 'path'>,
  hash: string,
  reason?: string,
): Promise<Moved | null> => {
  await recheckFolders(f);
  const folder = sub === DONE_DIR ? f.done : f.failed;
  const name = await freeName(folder, file.name, hash);
  const reasonFile = reason === undefined ? undefined : await writeReason(folder, name, reason);
  try {
    await rename(file.path, join(folder, name));
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return null;
    throw err;
  }
  return { name, reasonFile };
};

/** The hash of a name, for a file whose content cannot be read (a link, a refused file). */
export const nameHash = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');
