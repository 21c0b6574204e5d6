// `npm run bench -- --load [--rows N] [--duration S] [--reuse]`: the server under concurrent load
// (autocannon over real HTTP on a local port), per database: the day-window view (size 50), the
// 15,000-row page and a day report, with 1, 10 and 50 clients each. Prints req/s,
// p50/p95/p99 of the response times (recorded per response: autocannon's own histogram has no p95),
// errors (connection errors, timeouts) and non-2xx answers. A request may take up to 30 s.
import { readFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { runLoad, type RunOptions, type RunResult } from './load-client';
import { progress, round } from './progress';

export interface LoadCase {
  name: string;
  /** Path and query string. */
  url: string;
}

export interface LoadResult {
  db: string;
  case: string;
  clients: number;
  reqPerS: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx (e.g. 503 of the heavy-read admission). */
  non2xx: number;
  /** The machine's 1/5/15-minute load average after the run (other work on the machine weighs on every figure). */
  load: string;
}

export const CLIENTS = [1, 10, 50] as const;

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/**
 * One run, its client in a child process (bench/load-client.ts) unless `inProcess` (`--load-in-process`,
 * the bench as it was before 2026-11-27, to compare): then autocannon shares the server's thread.
 */
const run = (options: RunOptions, inProcess: boolean): Promise<RunResult> => {
  if (inProcess) return runLoad(options);
  return new Promise((resolve, reject) => {
    // tsx's loader comes with the parent's execArgv.
    const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), { stdio: 'inherit' });
    child.once('message', (m: { result?: RunResult; error?: string }) => (m.result ? resolve(m.result) : reject(new Error(m.error))));
    child.once('exit', (code) => code === 0 || reject(new Error(`the load client exited with ${code}`)));
    child.send(options);
  });
};

/** Listens on a free local port, runs every case with every client count, and closes the listener. */
export const benchLoad = async (
  app: FastifyInstance,
  kind: string,
  token: string,
  cases: readonly LoadCase[],
  duration: number,
  inProcess = false,
): Promise<LoadResult[]> => {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const results: LoadResult[] = [];
  try {
    for (const c of cases) {
      // One short warm-up per case: plans cached, the page's pages in the buffer cache.
      await run({ url: `${address}${c.url}`, connections: 1, duration: 1, token }, inProcess);
      for (const clients of CLIENTS) {
        const r = await run({ url: `${address}${c.url}`, connections: clients, duration, token }, inProcess);
        const sorted = [...r.times].sort((a, b) => a - b);
        const result: LoadResult = {
          db: kind,
          case: c.name,
          clients,
          reqPerS: round(r.reqPerS),
          p50: round(percentile(sorted, 50)),
          p95: round(percentile(sorted, 95)),
          p99: round(percentile(sorted, 99)),
          errors: r.errors,
          non2xx: r.non2xx,
          load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
        };
        progress(kind, `${c.name}, ${clients} clients: ${result.reqPerS} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${result.errors} errors, ${result.non2xx} non-2xx (load ${result.load})`);
        results.push(result);
      }
    }
  } finally {
    await app.close();
  }
  return results;
};
