// The PDF button under load (docs/exports.md, PDF): a 5,000-row render must not stall the server
// for everyone, and renders are bounded per user and in all, past which the spec's busy message
// comes with a 503 (docs/dev/product-rules.md#messages). The renders are real (pdfkit in a worker thread), on PGlite and, with
// DATABASE_URL, PostgreSQL.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUSY } from '../../src/domain/messages';
import { DEFAULT_PDF_LIMITS } from '../../src/server/exports/pdf-render';
import { PDF_ROW_CAP } from '../../src/server/exports/pdf-table';
import { useHarness } from './harness';
import { qs } from './views.fixture';

const h = useHarness();
const tokens: string[] = [];

beforeAll(async () => {
  await h.db
    .insertInto('sample')
    .values({ sId: '7001000000001', sStamp: '2026-09-02 07:15:00', sFlags: '-----' })
    .execute();
  await sql`insert into analysis (s_id, s_stamp, a_flags, pol, nat, kal, an, glu, dry, lane, comment)
    select '7001000000001', '2026-09-02 07:15:00'::timestamp, '-------', 17.45, 0.82, 4.1, 1.25, 0.5, 23.9,
      2, 'row ' || g from generate_series(1, ${PDF_ROW_CAP}) g`.execute(h.db);
  for (let i = 0; i < 4; i++) tokens.push(await h.tokenFor('ROLE_READER'));
});

const pdf = (token: string, query = '') =>
  h.request({ method: 'GET', url: `/api/analysis/export/pdf${query}`, token });

describe('PDF renders', () => {
  it(`a ${PDF_ROW_CAP}-row PDF renders off the event loop: the server's thread stays mostly idle`, async () => {
    // pdfkit lays out every row synchronously. On the server's thread that kept its event loop busy
    // for the whole request (utilization 0.99 measured here; every other request waited); in a
    // worker thread the server's loop only reads the rows and hands them over (0.12). Event-loop
    // utilization is a share of the request's own time, so a slow or busy machine, which stretches
    // both alike, does not move it.
    const before = performance.eventLoopUtilization();
    const res = await pdf(tokens[0]!);
    const { utilization } = performance.eventLoopUtilization(before);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(utilization).toBeLessThan(0.5);
  });

  it('past the limits (per user, in all) answers 503 with the busy message; freed slots serve again', async () => {
    const renders = h.app.pdfRenders;
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    renders.limits = { perUser: 1, total: 3 };
    renders.hooks = { beforeRender: () => gate };
    // The renders' own bounds are under test here, not the heavy-read admission in front of them.
    const admission = { ...h.app.heavyReads.limits };
    h.app.heavyReads.limits = { perUser: 1, total: 10 };
    const small = qs({ filter: 'aId,1~20' });
    try {
      const first = pdf(tokens[0]!, small);
      const second = pdf(tokens[1]!, small);
      await expect.poll(() => renders.running).toBe(2);
      // The same user again: one render per user.
      const again = await pdf(tokens[0]!, small);
      expect(again.statusCode).toBe(503);
      expect(again.json()).toEqual({ message: SERVER_BUSY });
      const third = pdf(tokens[2]!, small);
      await expect.poll(() => renders.running).toBe(3);
      // A fourth user: the process renders three at most.
      const fourth = await pdf(tokens[3]!, small);
      expect(fourth.statusCode).toBe(503);
      expect(fourth.json()).toEqual({ message: SERVER_BUSY });
      open();
      for (const res of await Promise.all([first, second, third])) expect(res.statusCode).toBe(200);
      expect(renders.running).toBe(0);
      expect((await pdf(tokens[3]!, small)).statusCode).toBe(200);
    } finally {
      open();
      renders.hooks = {};
      renders.limits = { ...DEFAULT_PDF_LIMITS };
      h.app.heavyReads.limits = admission;
    }
  });
});
