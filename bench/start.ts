// Start-up benchmark: the time from spawning the compiled server (`node dist-server/main.js`, what
// `npm start` runs after the build) to its "labdesk listening on" line, on the embedded database in
// a data dir of its own (the first start creates and migrates it and is reported apart; the others
// are the usual start of an existing lab). Then SIGTERM and the next start. Needs `npm run
// build:server` first. Run by `npm run bench -- --start [--runs N]`; `--profile` writes a CPU
// profile of the last start into bench/results/ (open it in Chrome's DevTools).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { round } from './progress';

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

interface StartTimes {
  wallMs: number;
  cpuMs: number;
}

/** One start: from spawn to the listening line (wall and CPU time); the server is stopped afterwards. */
const startOnce = async (dataDir: string, profileDir?: string): Promise<StartTimes> => {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(
    process.execPath,
    [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'dist-server/main.js'],
    {
      env: {
        ...process.env,
        DATABASE_URL: '',
        LAB_DATA_DIR: dataDir,
        LAB_PORT: String(port),
        LAB_LOG_LEVEL: 'warn',
        LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const listening = await new Promise<StartTimes>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('labdesk listening on'))
        resolve({ wallMs: performance.now() - began, cpuMs: cpuMs(child.pid) });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return listening;
};

export const benchStart = async (): Promise<void> => {
  if (!existsSync('dist-server/main.js'))
    throw new Error('no dist-server/main.js: run `npm run build:server` first');
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 7;
  const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-bench-start-'));
  try {
    const first = await startOnce(dataDir);
    const starts: StartTimes[] = [];
    for (let i = 0; i < runs; i++) starts.push(await startOnce(dataDir));
    let profile = '';
    if (process.argv.includes('--profile')) {
      profile = join('bench', 'results');
      mkdirSync(profile, { recursive: true });
      await startOnce(dataDir, profile);
    }
    const summary = (values: number[]): string => {
      const sorted = [...values].sort((x, y) => x - y);
      return `median ${round(sorted[Math.floor(sorted.length / 2)]!)} ms (min ${round(sorted[0]!)}, max ${round(sorted.at(-1)!)})`;
    };
    process.stdout.write(
      `start (spawn → listening), embedded database; first start (creates the database): wall ${round(first.wallMs)} ms, CPU ${round(first.cpuMs)} ms\n` +
        `then ${runs} starts: wall ${summary(starts.map((t) => t.wallMs))}; CPU ${summary(starts.map((t) => t.cpuMs))}\n` +
        (profile ? `CPU profile of one more start in ${profile}/\n` : ''),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
