// Ctrl-C stops the server once and cleanly (src/server/main.ts): the real server process, started
// as `npm start` starts it, in a process group of its own like a terminal's foreground job. The
// signal is sent to the group twice, as a terminal plus npm/start.mjs passing it on deliver it: the
// server must close once, release the data-dir lock and exit 0. PGlite by default; with
// DATABASE_URL the server runs on a fresh PostgreSQL database (no data-dir lock there).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, acquireDataDirLock } from '../../src/server/db/lock';
import { createTestDatabase, onPostgres, seedDataDir, TEST_JWT_SECRET, TEST_PASSWORD, type TestDatabase } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Start-up compiles the sources (tsx) and opens the embedded database: slow on a busy machine. */
const START_TIMEOUT_MS = 120_000;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const dirs: string[] = [];
let database: TestDatabase | undefined;
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await database?.close();
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const startServer = async (dataDir: string, databaseUrl: string | undefined): Promise<Started> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LAB_DATA_DIR: dataDir,
    LAB_PORT: String(await freePort()),
    LAB_JWT_SECRET: TEST_JWT_SECRET,
    LAB_ADMIN_EMAIL: 'admin@shutdown.test',
    LAB_ADMIN_PASSWORD: TEST_PASSWORD,
    LAB_LOG_LEVEL: 'warn',
  };
  delete env['DATABASE_URL'];
  if (databaseUrl) env['DATABASE_URL'] = databaseUrl;
  // detached: the child leads a new process group, so a signal to -pid reaches it as a terminal's would.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const until = Date.now() + START_TIMEOUT_MS;
  while (!text.includes('labdesk listening on')) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server ended at start:\n${text}`);
    if (Date.now() > until) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`server not listening after ${START_TIMEOUT_MS} ms:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => text, exited };
};

describe('stopping the server', () => {
  it(
    'Ctrl-C (SIGINT to the process group, twice) closes once, releases the data-dir lock and exits 0',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-shutdown-'));
      dirs.push(dataDir);
      // A data dir with its database migrated, as the first start leaves it: this is about the stop.
      if (onPostgres()) database = await createTestDatabase();
      else await seedDataDir(dataDir);
      const server = await startServer(dataDir, database?.databaseUrl);
      if (!onPostgres()) expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);

      process.kill(-server.child.pid!, 'SIGINT');
      // The repeat arrives while the first one is closing (under npm start: npm and start.mjs pass it on).
      await new Promise((r) => setTimeout(r, 20));
      try {
        process.kill(-server.child.pid!, 'SIGINT');
      } catch (err) {
        // Closed and gone within those 20 ms (a quick close on PostgreSQL): no repeat to deliver.
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
      }

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output().match(/closing/g)).toHaveLength(1);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
      // The next start gets the data directory.
      acquireDataDirLock(dataDir).release();
    },
    START_TIMEOUT_MS + 30_000,
  );
});
