// Memory benchmark of the embedded-database server (issue 28: peak RSS ≤ 300 MB during a
// 100,000-line sync file): `npm run bench -- --memory [--rows N] [--node-defaults]`. Spawns the
// compiled server as `npm start` runs it (scripts/server-runtime.mjs; --node-defaults: plain `node`,
// for comparison) and reads its resident memory from /proc every 20 ms (Linux), on:
// - a copy of the bench's PGlite database (.tmp/bench/pglite-<N>, made by the other benches; the
//   copy is changed, the original not): after the start and its maintenance, after 20 pages of 50
//   rows, during and after a 100,000-line analysis file through the sync (new samples), and after
//   three 15,000-row pages;
// - a new data directory: the first start (initdb and migrations) and the server's memory after it.
// Needs `npm run build:server` first. Prints the RSS at each point and the peak since the one before.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDb } from '../src/server/db/create-db';
import { startPGliteThread } from '../src/server/db/pglite-thread';
import { createUser } from '../src/server/services/users';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-runtime.mjs';
import { freePort } from '../tests/e2e/support/server';

const TIMEZONE = 'Europe/Vienna';
const EMAIL = 'memory-bench@bench.lab';
const PASSWORD = 'bench-password-42';
const SAMPLE_MS = 20;

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const match = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 1024);
};

interface Point {
  case: string;
  at: string;
  rssMb: number;
  /** The highest RSS since the point before (sampled every SAMPLE_MS). */
  peakMb: number;
  seconds?: number;
}

/** The server process, its RSS sampled from spawn on. */
class Watched {
  readonly child: ChildProcess;
  readonly url: string;
  #peak = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(env: NodeJS.ProcessEnv, port: number, defaults: boolean) {
    this.url = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, [...(defaults ? [] : SERVER_NODE_FLAGS), 'dist-server/main.js'], {
      env: {
        ...(defaults ? {} : SERVER_ENV),
        ...process.env,
        ...env,
        LAB_PORT: String(port),
        LAB_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.#timer = setInterval(() => {
      try {
        this.#peak = Math.max(this.#peak, statusMb(this.child.pid!, 'VmRSS'));
      } catch {
        // Ended.
      }
    }, SAMPLE_MS);
  }

  point(name: string, at: string, seconds?: number): Point {
    const rssMb = statusMb(this.child.pid!, 'VmRSS');
    const point = {
      case: name,
      at,
      rssMb,
      peakMb: Math.max(this.#peak, rssMb),
      ...(seconds ? { seconds } : {}),
    };
    this.#peak = 0;
    return point;
  }

  async ready(): Promise<void> {
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`the server ended with ${this.child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    const ended = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await ended;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const signIn = async (url: string): Promise<Record<string, string>> => {
  const response = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
};

const pages = async (
  url: string,
  auth: Record<string, string>,
  size: number,
  times: number,
): Promise<void> => {
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${url}/api/analysis/view?page=0&size=${size}`, { headers: auth });
    if (!response.ok) throw new Error(`the view answered ${response.status}`);
    await response.arrayBuffer();
  }
};

/** A 100,000-line analysis file of new samples, old enough for the sync to take it at once. */
const dropAnalysisFile = (source: string): void => {
  const lines = ['sId;sStamp;dateIn;dateOut;pol;nat;kal;an;glu;dry;weightMea;density;lane'];
  for (let i = 0; i < 100_000; i++) {
    const day = 1 + (i % 9);
    lines.push(
      `97${String(i).padStart(11, '0')};2026-10-0${day} 06:${String(i % 60).padStart(2, '0')}:00;2026-10-0${day} 07:00:00;;` +
        `${15 + (i % 1000) / 100};${(i % 50) / 10};${3 + (i % 30) / 10};${(i % 40) / 10};${(i % 20) / 10};${20 + (i % 80) / 10};26,1;1,08;${i % 4}`,
    );
  }
  mkdirSync(join(source, 'analysis'), { recursive: true });
  const file = join(source, 'analysis', 'memory-bench.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const past = new Date(Date.now() - 60_000);
  utimesSync(file, past, past);
};

const syncAnalysis = async (url: string, auth: Record<string, string>): Promise<void> => {
  await (await fetch(`${url}/api/config/sync/Analysis`, { headers: auth })).arrayBuffer();
  for (;;) {
    await sleep(250);
    const entries = (await (await fetch(`${url}/api/config/sync`, { headers: auth })).json()) as
      { syncID: string; status: string }[] | { sync: { syncID: string; status: string }[] };
    const list = Array.isArray(entries) ? entries : entries.sync;
    if (list.find((e) => e.syncID === 'Analysis')?.status !== 'RUNNING') return;
  }
};

const existingDatabase = async (rows: number, defaults: boolean): Promise<Point[]> => {
  const original = join('.tmp', 'bench', `pglite-${rows}`);
  if (!existsSync(join(original, 'PG_VERSION')))
    throw new Error(`no ${original}: run \`npm run bench -- --page --rows ${rows} --only pglite\` first`);
  const work = mkdtempSync(join(tmpdir(), 'labdesk-bench-memory-'));
  try {
    const dataDir = join(work, 'data');
    cpSync(original, join(dataDir, 'db'), { recursive: true });
    const thread = startPGliteThread({ dataDir: join(dataDir, 'db'), timezone: TIMEZONE });
    await thread.waitReady;
    const { db } = pgliteDb(thread);
    await createUser(db, { email: EMAIL, password: PASSWORD, role: 'ROLE_ADMIN' }, 'bench');
    await db.destroy();
    const source = join(work, 'inbox');
    const server = new Watched(
      { LAB_DATA_DIR: dataDir, LAB_SYNC_SOURCE: source, DATABASE_URL: '' },
      await freePort(),
      defaults,
    );
    const name = `${rows} analyses`;
    try {
      await server.ready();
      const out = [server.point(name, 'ready')];
      await sleep(8000);
      out.push(server.point(name, 'after the start maintenance'));
      const auth = await signIn(server.url);
      await pages(server.url, auth, 50, 20);
      out.push(server.point(name, 'after 20 pages of 50'));
      dropAnalysisFile(source);
      const began = performance.now();
      await syncAnalysis(server.url, auth);
      out.push(
        server.point(
          name,
          'after a 100,000-line analysis file',
          Math.round(performance.now() - began) / 1000,
        ),
      );
      await pages(server.url, auth, 15_000, 3);
      out.push(server.point(name, 'after 3 pages of 15,000'));
      return out;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

const newDataDir = async (defaults: boolean): Promise<Point[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-bench-memory-new-'));
  const server = new Watched(
    { LAB_DATA_DIR: dataDir, DATABASE_URL: '', LAB_ADMIN_EMAIL: EMAIL, LAB_ADMIN_PASSWORD: PASSWORD },
    await freePort(),
    defaults,
  );
  try {
    await server.ready();
    const out = [server.point('new data directory', 'ready (initdb, migrations)')];
    await sleep(3000);
    const auth = await signIn(server.url);
    await pages(server.url, auth, 50, 20);
    out.push(server.point('new data directory', 'after 20 pages of 50'));
    return out;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export const benchMemory = async (): Promise<void> => {
  if (!existsSync('dist-server/main.js'))
    throw new Error('no dist-server/main.js: run `npm run build:server` first');
  const rowsAt = process.argv.indexOf('--rows');
  const rows = rowsAt >= 0 ? Number(process.argv[rowsAt + 1]) : 110_000;
  const defaults = process.argv.includes('--node-defaults');
  console.log(
    defaults
      ? 'plain node (--node-defaults)'
      : `node ${SERVER_NODE_FLAGS.join(' ')}, ${JSON.stringify(SERVER_ENV)}`,
  );
  const points = [...(await newDataDir(defaults)), ...(await existingDatabase(rows, defaults))];
  console.table(points);
};
