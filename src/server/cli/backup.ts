// `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (docs/dev/architecture.md#backup-and-restore).
// Backup: with PostgreSQL a pg_dump archive in custom format (backup/pg-archive.ts); with the
// embedded database a labdesk backup (backup/dump.ts) from the running server over its backup
// socket, or — no server running — by opening the data dir under its lock. The file is written
// beside its final name and renamed once complete (pg_dump ended well; a labdesk backup is read back).
// Restore: into the configured database, which must not hold users, records or audit events unless
// --force; with the embedded database the server must be stopped (the data-dir lock says so). A
// labdesk backup restores into either database (so a lab moves from PGlite to PostgreSQL); a
// pg_dump archive into PostgreSQL only.
import { closeSync, existsSync, openSync, renameSync, rmSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BackupError, readBackup, restoreBackup } from '../backup/dump';
import { dumpPgArchive, isPgArchive, restorePgArchive } from '../backup/pg-archive';
import { backupSocketPath, fetchBackup, streamBackup } from '../backup/socket';
import { loadConfig, restrictToOwner } from '../config';
import { createDb } from '../db/create-db';
import { DataDirInUseError, acquireDataDirLock } from '../db/lock';

export const BACKUP_USAGE = `Usage: npm run backup -- <file>            write a backup of the database (server may run)
       npm run restore -- <file> [--force]  restore it into the configured database`;

/** Reads a written backup back to its end line: a cut file is never left under the final name. */
const verify = async (file: string): Promise<number> => {
  for await (const line of readBackup(file)) if ('end' in line) return line.rows;
  throw new BackupError(`labdesk backup: the backup in ${file} is incomplete`);
};

/** Writes a backup into `target`; answers what was written, for the operator. */
export const backup = async (target: string, env: NodeJS.ProcessEnv = process.env): Promise<string> => {
  const config = loadConfig(env);
  const file = resolve(target);
  const partial = `${file}.partial`;
  try {
    if (config.databaseUrl) {
      closeSync(openSync(partial, 'w', 0o600));
      await dumpPgArchive(config.databaseUrl, partial, env);
      renameSync(partial, file);
      return `pg_dump archive (custom format) of the PostgreSQL database`;
    } else {
      let lock;
      try {
        lock = acquireDataDirLock(config.dataDir);
      } catch (err) {
        if (!(err instanceof DataDirInUseError)) throw err;
        if (!existsSync(backupSocketPath(config.dataDir)))
          throw new BackupError('labdesk backup: the server holding the data directory offers no backup socket; restart it with this version');
      }
      if (lock) {
        try {
          const handle = await createDb(config);
          try {
            await streamBackup(handle.db, createWriteStream(partial, { mode: 0o600 }));
          } finally {
            await handle.close();
          }
        } finally {
          lock.release();
        }
      } else await fetchBackup(config.dataDir, partial);
    }
    const rows = await verify(partial);
    renameSync(partial, file);
    return `labdesk backup of ${rows} rows`;
  } finally {
    rmSync(partial, { force: true });
  }
};

export const restore = async (target: string, force: boolean, env: NodeJS.ProcessEnv = process.env): Promise<number> => {
  const config = loadConfig(env);
  const file = resolve(target);
  if (!existsSync(file)) throw new BackupError(`labdesk restore: ${file} does not exist`);
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  try {
    const handle = await createDb(config);
    try {
      if (!isPgArchive(file)) return (await restoreBackup(handle.db, file, { force })).rows;
      if (!config.databaseUrl)
        throw new BackupError('labdesk restore: a pg_dump archive restores into PostgreSQL only (set DATABASE_URL)');
      return (await restorePgArchive(handle.db, config.databaseUrl, file, { force, env })).rows;
    } finally {
      await handle.close();
    }
  } finally {
    lock?.release();
  }
};

export const main = async (argv: readonly string[]): Promise<number> => {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || (command === 'backup' && force)) {
    process.stderr.write(`${BACKUP_USAGE}\n`);
    return 1;
  }
  try {
    const file = files[0]!;
    if (command === 'backup') process.stdout.write(`labdesk: ${await backup(file)} written to ${file}\n`);
    else process.stdout.write(`labdesk: ${await restore(file, force)} rows restored from ${file}\n`);
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${message.startsWith('labdesk') ? message : `labdesk ${command}: ${message}`}\n`);
    return 1;
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  restrictToOwner();
  process.exitCode = await main(process.argv.slice(2));
}
