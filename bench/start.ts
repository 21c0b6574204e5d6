// Start-up benchmark: the time from spawning the compiled server (`node dist-server/main.js`, what
// `npm start` runs after the build) to its "labdesk listening on" line, on the embedded database in
// a data dir of its own (the first start creates and migrates it and is reported apart; the others
// are the usual start of an existing lab). Then SIGTERM and the next start. Needs `npm run
// build:server` first. Run by `npm run bench -- --start [--runs N]`; `--profile` writes a CPU
// profile of the last start into bench/results/ (open it in Chrome's DevTools).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

/** One start: milliseconds from spawn to the listening line; the server is stopped afterwards. */
const startOnce = async (dataDir: string, profileDir?: string): Promise<number> => {
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
  const listening = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('labdesk listening on')) resolve(performance.now() - began);
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
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await startOnce(dataDir));
    let profile = '';
    if (process.argv.includes('--profile')) {
      profile = join('bench', 'results');
      mkdirSync(profile, { recursive: true });
      await startOnce(dataDir, profile);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    process.stdout.write(
      `start (spawn → listening), embedded database: first start ${round(first)} ms (creates the database); ` +
        `then ${runs} starts: median ${round(median)} ms, min ${round(times[0]!)} ms, max ${round(times.at(-1)!)} ms\n` +
        (profile ? `CPU profile of one more start in ${profile}/\n` : ''),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
