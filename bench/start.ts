// Start-up benchmark: spawns the compiled server (`node dist-server/main.js --timings`, what `npm
// start` runs after the build) and times two points: accepting connections (on the embedded
// database its "labdesk accepting connections on" line, said when the app is built while the
// database still boots in its own thread, src/server/serve.ts) and ready (its "labdesk listening
// on" line: in service; on PostgreSQL the two are one). On the embedded database in a data dir of its own (the first start creates and
// migrates it and is reported apart; the others are the usual start of an existing lab), and,
// when DATABASE_URL is set, on PostgreSQL in a database of its own (labdesk_bench_start, created
// fresh and dropped afterwards). SIGTERM after each start. Besides wall and CPU time, the server's
// own breakdown by phase as medians. Needs `npm run build:server` first. Run by `npm run bench --
// --start [--runs N]`; `--profile` writes a CPU profile of one more start per database into
// bench/results/ (open it in Chrome's DevTools).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { round } from './progress';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-runtime.mjs';

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

/**
 * The CPU time (user + system, all threads) a process has used so far, from /proc (Linux; 0
 * elsewhere). On a busy machine the wall time to listening mostly measures the wait for a core;
 * the CPU time is what the start costs, and about its wall time on an idle machine.
 */
const cpuMs = (pid: number | undefined): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
};

interface Times {
  wallMs: number;
  cpuMs: number;
}

interface StartTimes {
  /** From spawn to accepting connections (on a starting embedded database, requests wait for it). */
  accepting: Times;
  /** From spawn to the "labdesk listening on" line: the database set up, in service. */
  ready: Times;
  /** The server's own breakdown: phase → wall and CPU milliseconds. */
  phases: Map<string, Times>;
  /** The server's own points in time since its process started (accepting, database, ready). */
  marks: Map<string, Times>;
}

/** Reads main.ts's `labdesk start timings: modules 120 ms (CPU 100), …; accepting at …` line. */
const parsePhases = (output: string): StartTimes['phases'] => {
  const phases: StartTimes['phases'] = new Map();
  const line = /labdesk start timings: ([^;\n]*)/.exec(output)?.[1] ?? '';
  for (const [, name, wall, cpu] of line.matchAll(/([a-z]+) (\d+) ms \(CPU (\d+)\)/g))
    phases.set(name!, { wallMs: Number(wall), cpuMs: Number(cpu) });
  return phases;
};

/** Reads the same line's `…; accepting at 612 ms (CPU 540), database at …` points. */
const parseMarks = (output: string): StartTimes['marks'] => {
  const marks: StartTimes['marks'] = new Map();
  const line = /labdesk start timings: [^;\n]*;([^\n]*)/.exec(output)?.[1] ?? '';
  for (const [, name, wall, cpu] of line.matchAll(/([a-z]+) at (\d+) ms \(CPU (\d+)\)/g))
    marks.set(name!, { wallMs: Number(wall), cpuMs: Number(cpu) });
  return marks;
};

/** One start: from spawn to accepting and to ready (wall and CPU time); the server is stopped afterwards. */
const startOnce = async (env: Record<string, string>, profileDir?: string): Promise<StartTimes> => {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'dist-server/main.js', '--timings'],
    {
      env: {
        ...SERVER_ENV,
        ...process.env,
        LAB_PORT: String(port),
        LAB_LOG_LEVEL: 'warn',
        LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const now = (): Times => ({ wallMs: performance.now() - began, cpuMs: cpuMs(child.pid) });
  let accepting: Times | undefined;
  let ready: Times | undefined;
  const started = await new Promise<StartTimes>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!accepting && output.includes('labdesk accepting connections on')) accepting = now();
      if (!ready && output.includes('labdesk listening on')) ready = now();
      if (ready && output.includes('labdesk start timings:'))
        resolve({ accepting: accepting ?? ready, ready, phases: parsePhases(output), marks: parseMarks(output) });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return started;
};

const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

const summary = (values: number[]): string => {
  const sorted = [...values].sort((x, y) => x - y);
  return `median ${round(median(values))} ms (min ${round(sorted[0]!)}, max ${round(sorted.at(-1)!)})`;
};

/** Per phase, the median wall and CPU time over the starts. */
const phaseMedians = (starts: StartTimes[]): string =>
  [...(starts[0]?.phases.keys() ?? [])]
    .map((name) => {
      const of = (pick: 'wallMs' | 'cpuMs') => Math.round(median(starts.map((s) => s.phases.get(name)?.[pick] ?? 0)));
      return `${name} ${of('wallMs')} ms (CPU ${of('cpuMs')})`;
    })
    .join(', ');

/** Per mark of the server's, the median time since its process started. */
const markMedians = (starts: StartTimes[]): string =>
  [...(starts[0]?.marks.keys() ?? [])]
    .map((name) => {
      const of = (pick: 'wallMs' | 'cpuMs') => Math.round(median(starts.map((s) => s.marks.get(name)?.[pick] ?? 0)));
      return `${name} at ${of('wallMs')} ms (CPU ${of('cpuMs')})`;
    })
    .join(', ');

/** Wall and CPU medians of one point of the starts. */
const point = (starts: StartTimes[], which: 'accepting' | 'ready'): string =>
  `wall ${summary(starts.map((t) => t[which].wallMs))}; CPU ${summary(starts.map((t) => t[which].cpuMs))}`;

/** The first start, then `runs` more on the same database, and a profiled one when asked. */
const benchOne = async (label: string, env: Record<string, string>, runs: number): Promise<void> => {
  const first = await startOnce(env);
  const starts: StartTimes[] = [];
  for (let i = 0; i < runs; i++) starts.push(await startOnce(env));
  let profile = '';
  if (process.argv.includes('--profile')) {
    profile = join('bench', 'results');
    mkdirSync(profile, { recursive: true });
    await startOnce(env, profile);
  }
  const at = (t: Times): string => `wall ${round(t.wallMs)} ms, CPU ${round(t.cpuMs)} ms`;
  process.stdout.write(
    `start (spawn → accepting connections → ready), ${label}\n` +
      `  first start (creates the database): accepting ${at(first.accepting)}; ready ${at(first.ready)}\n` +
      `    phases: ${phaseMedians([first])}\n` +
      `  then ${runs} starts: accepting ${point(starts, 'accepting')}\n` +
      `    ready ${point(starts, 'ready')}\n` +
      `    phases (medians): ${phaseMedians(starts)}\n` +
      `    in the server (medians): ${markMedians(starts)}\n` +
      (profile ? `  CPU profile of one more start in ${profile}/\n` : ''),
  );
};

const BENCH_DATABASE = 'labdesk_bench_start';

/** The same server on PostgreSQL, in a database of its own beside DATABASE_URL's (dropped afterwards). */
const benchPostgres = async (databaseUrl: string, runs: number): Promise<void> => {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-bench-start-pg-'));
  try {
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${BENCH_DATABASE}`;
    await benchOne('PostgreSQL', { DATABASE_URL: url.href, LAB_DATA_DIR: dataDir }, runs);
  } finally {
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export const benchStart = async (): Promise<void> => {
  if (!existsSync('dist-server/main.js'))
    throw new Error('no dist-server/main.js: run `npm run build:server` first');
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 7;
  const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-bench-start-'));
  try {
    await benchOne('embedded database', { DATABASE_URL: '', LAB_DATA_DIR: dataDir }, runs);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const databaseUrl = process.env['DATABASE_URL'];
  if (databaseUrl) await benchPostgres(databaseUrl, runs);
};
