// Change-events benchmark (docs/dev/architecture.md#change-events): 50 clients hold GET /api/events
// open on a listening app while 100 writes per second (one sample each, its own transaction) are
// committed for --duration seconds (default 10). Reported: the commit → event latency each client
// saw (p50/p95/max), events lost (a client missing a write's event), and the server's CPU time and
// peak RSS while the streams ran. In one process: the clients' parsing is counted in the CPU time
// too, so it is an upper bound of the server's share. PGlite, or PostgreSQL with DATABASE_URL.
// Run by `npm run bench -- --events [--clients N] [--rate N] [--duration S]`.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDb } from '../src/server/db/create-db';
import { migrateToLatest } from '../src/server/db/migrate';
import { createUser } from '../src/server/services/users';
import { round } from './progress';

const PASSWORD = 'bench-password-42';
const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0;
};

export const benchEvents = async (): Promise<void> => {
  const clients = arg('--clients', 50);
  const rate = arg('--rate', 100);
  const duration = arg('--duration', 10);
  const serverUrl = process.env['DATABASE_URL'];
  const name = `labdesk_bench_events_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const config = { ...loadConfig({ LAB_DATA_DIR: '/nonexistent', LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-chars' }) };
  const handle = await createDb({ databaseUrl, dataDir: '', timezone: config.timezone }, { inMemory: !databaseUrl });
  await migrateToLatest(handle.db);
  await createUser(handle.db, { email: 'bench@lab.test', password: PASSWORD, role: 'ROLE_READER' }, 'bench');
  const app = await buildApp({ config, db: handle.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const signin = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@lab.test', password: PASSWORD }),
  });
  const { accessToken } = (await signin.json()) as { accessToken: string };

  // Each write's commit time by its sample key; each client's receive times by key.
  const committed = new Map<string, number>();
  const received: Map<string, number>[] = [];
  const aborts: AbortController[] = [];
  const started: Promise<void>[] = [];
  for (let c = 0; c < clients; c++) {
    const seen = new Map<string, number>();
    received.push(seen);
    const abort = new AbortController();
    aborts.push(abort);
    started.push(
      new Promise<void>((ready) => {
        void (async () => {
          const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${accessToken}` }, signal: abort.signal });
          const decoder = new TextDecoder();
          let buffer = '';
          try {
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
              const now = performance.now();
              ready();
              buffer += decoder.decode(chunk, { stream: true });
              let end: number;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const frame = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                const data = frame.split('\n').find((l) => l.startsWith('data: '));
                if (!data || !frame.includes('event: change')) continue;
                const event = JSON.parse(data.slice(6)) as { resource: string; keys: string[] };
                if (event.resource === 'samples') for (const key of event.keys) seen.set(key, now);
              }
            }
          } catch {
            // aborted at the end
          }
        })();
      }),
    );
  }
  await Promise.all(started);

  const cpuBefore = process.cpuUsage();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const total = rate * duration;
  const t0 = performance.now();
  const writes: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sId = `97${String(i).padStart(11, '0')}`;
    const key = `${sId}|2026-10-01 06:00:00`;
    writes.push(
      handle.db
        .insertInto('sample')
        .values({ sId, sStamp: '2026-10-01 06:00:00', name: 'bench' })
        .execute()
        .then(() => void committed.set(key, performance.now())),
    );
  }
  await Promise.all(writes);
  const writeSeconds = (performance.now() - t0) / 1000;
  // Let the last events arrive.
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && received.some((r) => r.size < total)) await new Promise((r) => setTimeout(r, 100));
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);

  const latencies: number[] = [];
  let lost = 0;
  for (const seen of received)
    for (const [key, at] of committed) {
      const got = seen.get(key);
      if (got === undefined) lost += 1;
      else latencies.push(Math.max(0, got - at));
    }
  for (const abort of aborts) abort.abort();
  await app.close();
  await handle.close();
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  console.table([
    {
      db: handle.kind,
      clients,
      writesPerSecond: round(total / writeSeconds),
      events: total,
      lost,
      p50Ms: round(quantile(latencies, 0.5)),
      p95Ms: round(quantile(latencies, 0.95)),
      maxMs: round(Math.max(0, ...latencies)),
      cpuPercent: round(((cpu.user + cpu.system) / 1000 / (writeSeconds * 1000)) * 100),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
    },
  ]);
};
