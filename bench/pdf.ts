// The PDF export under load (docs/exports.md, Performance): on an embedded database with 5,000
// analyses, (1) the longest event-loop stall of the server process while one 5,000-row PDF
// renders, (2) the latency of a 25-row view while four such PDFs render at once (four users).
// `npx tsx bench/pdf.ts` — prints one line per figure.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPGlite, pgliteDb } from '../src/server/db/create-db';
import { migrateToLatest } from '../src/server/db/migrate';
import { createUser } from '../src/server/services/users';

const ROWS = 5000;
const USERS = 4;

const main = async (): Promise<void> => {
  const config = loadConfig({
    LAB_DATA_DIR: '/tmp/labdesk-bench-pdf',
    LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-chars',
  });
  const handle = pgliteDb(await openPGlite(undefined, config.timezone));
  await migrateToLatest(handle.db);
  await sql`insert into sample (s_id, s_stamp, s_flags) values ('7001000000001', '2026-09-02 07:15:00', '-----')`.execute(
    handle.db,
  );
  await sql`insert into analysis (s_id, s_stamp, a_flags, pol, nat, kal, an, glu, dry, lane, comment)
    select '7001000000001', '2026-09-02 07:15:00'::timestamp, '-------', 17.45, 0.82, 4.1, 1.25, 0.5, 23.9, 2, 'bench row ' || g
    from generate_series(1, ${ROWS}) g`.execute(handle.db);
  const app = await buildApp({ config, db: handle.db });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    await createUser(
      handle.db,
      { email: `u${i}@bench.lab`, password: 'bench-password-1', role: 'ROLE_READER' },
      'bench',
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: `u${i}@bench.lab`, password: 'bench-password-1' },
    });
    tokens.push(res.json<{ accessToken: string }>().accessToken);
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = async (path: string, token: string): Promise<{ status: number; ms: number }> => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  };
  const pdf = '/api/analysis/export/pdf';
  const view = '/api/analysis/view?size=25';
  // Warm-up: pdfkit's fonts, the worker's first start, the view's plan.
  await get(pdf, tokens[0]!);
  await get(view, tokens[0]!);
  const idle = [];
  for (let i = 0; i < 5; i++) idle.push((await get(view, tokens[0]!)).ms);

  const h = monitorEventLoopDelay({ resolution: 10 });
  // The same from the hand-over to the renderer on (without reading the rows from the database).
  const render = monitorEventLoopDelay({ resolution: 10 });
  const renders = (app as unknown as { pdfRenders?: { hooks: { beforeRender?: () => void } } }).pdfRenders;
  if (renders) renders.hooks.beforeRender = () => render.enable();
  h.enable();
  const elu = performance.eventLoopUtilization();
  const one = await get(pdf, tokens[0]!);
  const { utilization } = performance.eventLoopUtilization(elu);
  h.disable();
  render.disable();
  if (renders) renders.hooks = {};
  console.log(
    `one ${ROWS}-row PDF: ${one.status} in ${one.ms.toFixed(0)} ms; event loop max delay ${(h.max / 1e6).toFixed(0)} ms` +
      (renders ? `, from the hand-over to the renderer on ${(render.max / 1e6).toFixed(0)} ms` : '') +
      `; event loop utilization ${utilization.toFixed(2)}`,
  );

  const all = Promise.all(tokens.map((t) => get(pdf, t)));
  await new Promise((r) => setTimeout(r, 50));
  const during = await get(view, tokens[0]!);
  const results = await all;
  console.log(
    `view idle median ${idle.sort((a, b) => a - b)[2]!.toFixed(0)} ms; while ${USERS} PDFs render: ${during.ms.toFixed(0)} ms` +
      ` (PDF answers ${results.map((r) => `${r.status}/${r.ms.toFixed(0)}ms`).join(', ')})`,
  );
  await app.close();
  await handle.close();
};

await main();
