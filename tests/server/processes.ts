// Real server processes for tests of what only separate processes show (several instances on one
// PostgreSQL, a database that goes away): spawned from the sources on free ports, spoken to over
// HTTP. Also a throwaway PostgreSQL server of the test's own (initdb + pg_ctl, as .ci/run does), for
// tests that stop and start the database — never the one other tests share.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Start-up compiles TypeScript (tsx) and migrates: slow on a busy machine. */
export const START_TIMEOUT_MS = 240_000;

export const freePort = (): Promise<number> =>
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

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Still running (neither exited nor killed). */
  alive: () => boolean;
  /** fetch() against this server, with a token when given. */
  call: (path: string, init?: RequestInit & { token?: string }) => Promise<Response>;
  stop: () => Promise<void>;
}

const waitFor = async (what: string, ready: () => boolean, failed: () => string | undefined, ms: number): Promise<void> => {
  const until = Date.now() + ms;
  while (!ready()) {
    const reason = failed();
    if (reason !== undefined) throw new Error(reason);
    if (Date.now() > until) throw new Error(`${what} not ready after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** `node --import tsx src/server/main.ts` with the given environment (on top of the test's). */
export const startServer = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LAB_LOG_LEVEL: 'warn', ...env, LAB_PORT: String(port) };
  if (!env['DATABASE_URL']) delete childEnv['DATABASE_URL'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    output: () => text,
    exited,
    alive,
    call: (path, { token, headers, ...init } = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: { ...(headers as Record<string, string>), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    stop: async () => {
      if (alive()) child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    await waitFor(
      'server',
      () => text.includes('labdesk listening on'),
      () => (alive() ? undefined : `server ended at start:\n${text}`),
      START_TIMEOUT_MS,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return server;
};

/** Signs in through the API; answers the token (throws unless 200). */
export const signIn = async (server: ServerProcess, email: string, password: string): Promise<string> => {
  const res = await server.call('/api/auth/signin', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
};

/** Polls `probe` until it answers true, every 200 ms, at most `ms`. */
export const eventually = async (what: string, probe: () => Promise<boolean>, ms = 30_000): Promise<void> => {
  const until = Date.now() + ms;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const pgBin = (): string | undefined => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(a) - Number(b));
  const last = versions.at(-1);
  return last ? join(base, last, 'bin') : undefined;
};

export interface OwnPostgres {
  url: string;
  stop: () => void;
  start: () => void;
  remove: () => void;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** A PostgreSQL server of this test's own, on a free port, in a temp directory. */
export const startOwnPostgres = async (): Promise<OwnPostgres> => {
  const bin = pgBin();
  if (!bin) throw new Error('no PostgreSQL binaries in /usr/lib/postgresql/*/bin');
  const dir = mkdtempSync(join(tmpdir(), 'labdesk-own-pg-'));
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const port = await freePort();
  const run = (tool: string, args: string[]): void => {
    const command = [join(bin, tool), ...args];
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command.map((a) => `'${a}'`).join(' ')], { stdio: 'pipe' });
    else execFileSync(command[0]!, command.slice(1), { stdio: 'pipe' });
  };
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  const stop = () => run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
