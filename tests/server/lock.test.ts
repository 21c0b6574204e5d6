import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, acquireDataDirLock } from '../../src/server/db/lock';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'labdesk-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pid that surely does not run: a child that has already exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('data-dir lock', () => {
  it('refuses a second opener with a clear message naming the owner', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
      expect(() => acquireDataDirLock(dir)).toThrow(`is in use by process ${process.pid} (a running server?). Stop it first.`);
    } finally {
      lock.release();
    }
  });

  it('is free again after release, and release is idempotent', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    first.release();
    first.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an empty or garbled lock file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    acquireDataDirLock(dir).release();
  });

  it('does not remove a lock that another process took meanwhile', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, LOCK_FILE), '1\n');
    lock.release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe('1');
  });
});
