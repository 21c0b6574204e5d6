// PGlite is one process's database: two processes writing one data directory corrupt it. Whoever
// opens the embedded database (server, user CLI, demo) first takes this lock; a second opener is
// refused before it touches anything. The lock file holds the owner's pid so a lock left behind by
// a crashed process is recognised (the pid no longer runs) and taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { displayPath } from '../config';

export const LOCK_FILE = 'labdesk.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `labdesk: the data directory ${displayPath(dataDir)} is in use by process ${pid} (a running server?). Stop it first.` +
        ` If no labdesk process is running, delete ${displayPath(join(dataDir, LOCK_FILE))}.`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release: () => void;
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user — still a live owner.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readOwner = (file: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
};

export const acquireDataDirLock = (dataDir: string, pid: number = process.pid): DataDirLock => {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx' fails if the file exists: creating it is the atomic test-and-set.
      writeFileSync(file, `${pid}\n`, { flag: 'wx', mode: 0o644 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner !== undefined && isRunning(owner)) throw new DataDirInUseError(dataDir, owner);
      // Stale (owner gone) or half-written: remove only if unchanged since we looked, then retry.
      if (readOwner(file) === owner) {
        try {
          unlinkSync(file);
        } catch (unlinkErr) {
          if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
        }
      }
      continue;
    }
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readOwner(file) === pid) unlinkSync(file);
    };
    // Covers exits that skip the graceful path (process.exit in a CLI, an uncaught error).
    process.on('exit', release);
    return { file, release };
  }
  const owner = readOwner(file);
  throw owner ? new DataDirInUseError(dataDir, owner) : new Error(`labdesk: could not lock ${displayPath(dataDir)}`);
};
