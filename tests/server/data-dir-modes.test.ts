// The data dir is for the owner alone (config.ts restrictToOwner): the real server started on a
// fresh data dir leaves no group or other permission bit on the dir or anything in it — the
// embedded database's files, the generated signing key, the lock. Always on the embedded database
// (the files under test are its own), whatever DATABASE_URL the suite runs with.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'labdesk-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? [path, ...walk(path)] : [path];
  });

// Own timeout: initdb and migrations of a new embedded database take 10-20 s on a busy machine.
it('creates the data dir and every file in it owner-only', async () => {
  const dataDir = join(root, 'data');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, LAB_DATA_DIR: dataDir, LAB_PORT: String(port), LAB_LOG_LEVEL: 'warn' };
  delete env['DATABASE_URL'];
  delete env['LAB_JWT_SECRET'];
  const main = fileURLToPath(new URL('../../src/server/main.ts', import.meta.url));
  // The parent's umask is the usual 022: the server must not rely on it.
  const server = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('labdesk listening')) resolve();
      };
      server.stdout.on('data', onData);
      server.stderr.on('data', onData);
      server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/me`);
    expect(res.status).toBe(401);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  const entries = [dataDir, ...walk(dataDir)];
  expect(entries.length).toBeGreaterThan(10);
  expect(entries.some((p) => p.endsWith('jwt-secret'))).toBe(true);
  const open = entries.filter((p) => (statSync(p).mode & 0o077) !== 0).map((p) => `${p}: ${(statSync(p).mode & 0o777).toString(8)}`);
  expect(open).toEqual([]);
}, 120_000);
