// The embedded database belongs to the running server's process, so a backup taken while it runs
// must come from that process: it listens on a Unix socket in the data dir (owner only, like the
// rest of it) and answers every connection with one complete backup (dump.ts), gzip-compressed.
import { once } from 'node:events';
import { createWriteStream, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { writeBackup } from './dump';

export const BACKUP_SOCKET = 'backup.sock';

export const backupSocketPath = (dataDir: string): string => join(dataDir, BACKUP_SOCKET);

/** Writes a gzip-compressed backup of `db` into `out`, respecting back-pressure. */
export const streamBackup = async (db: Kysely<Database>, out: NodeJS.WritableStream): Promise<void> => {
  const gzip = createGzip();
  const piped = pipeline(gzip, out);
  await writeBackup(db, async (line) => {
    if (!gzip.write(line)) await once(gzip, 'drain');
  });
  gzip.end();
  await piped;
};

/** Serves backups on `<dataDir>/backup.sock` until closed (main.ts, embedded database only). */
export const serveBackups = async (
  db: Kysely<Database>,
  dataDir: string,
  onError: (err: unknown) => void,
): Promise<{ close: () => Promise<void> }> => {
  const path = backupSocketPath(dataDir);
  // A socket file left by a crashed server: this process holds the data-dir lock, so it is stale.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    streamBackup(db, socket).catch((err: unknown) => {
      onError(err);
      socket.destroy();
    });
  });
  server.listen(path);
  await once(server, 'listening');
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
};

/** Asks the running server for a backup and stores it in `file`. */
export const fetchBackup = async (dataDir: string, file: string): Promise<void> => {
  const socket = connect(backupSocketPath(dataDir));
  await pipeline(socket, createWriteStream(file, { mode: 0o600 }));
};
