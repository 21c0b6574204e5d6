// Heavy reads (issue 29 item 7, http/heavyReads.ts): whole-range reports and their PDFs, pages of
// thousands of rows, long log ranges run at most one per user and a bounded number in all; past
// that 503 with the spec's busy message, before any database work. Light reads are never refused.
// Timings are the bench's business (npm run bench -- --heavy), not this file's.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUSY } from '../../src/domain/messages';
import { useHarness } from './harness';
import { seedViews } from './views.fixture';

const h = useHarness({ heavyReads: { perUser: 1, total: 2 } });
let reader: string;
let other: string;
let third: string;

beforeAll(async () => {
  await seedViews(h.db, 30, 7);
  reader = await h.tokenFor('ROLE_READER');
  other = await h.tokenFor('ROLE_READER');
  third = await h.tokenFor('ROLE_READER');
});

const held: (() => void)[] = [];
afterEach(() => {
  for (const release of held.splice(0)) release();
  h.app.pdfRenders.hooks = {};
});

/** Heavy reads of `n` other users in flight. */
const hold = (user: string, n = 1) => {
  for (let i = 0; i < n; i++) {
    const release = h.app.heavyReads.tryTake(`${i}-${user}`);
    if (!release) throw new Error('no slot to hold');
    held.push(release);
  }
};

const HEAVY = [
  '/api/analysis/view?size=15000',
  '/api/analysis/view?size=5000',
  '/api/samples/view?size=10000',
  '/api/boxes/view?size=15000',
  '/api/analysis',
  '/api/samples',
  '/api/analysis/samples?size=15000',
  '/api/reports/day?startDate=2026-09-01&endDate=2026-10-31',
  '/api/reports/suspicious?startDate=2026-09-01&endDate=2026-10-31',
  '/api/reports/export/suspicious?startDate=2026-09-01&endDate=2026-10-31',
  '/api/analysis/export/pdf',
  '/api/samples/export/pdf',
  '/api/logs/2026-10-01/2026-10-28',
];
const LIGHT = [
  '/api/analysis/view?size=25',
  '/api/analysis/view?size=1000',
  '/api/samples/view?size=50',
  '/api/boxes/view?size=25',
  '/api/reports/day?startDate=2026-10-30&endDate=2026-10-31',
  '/api/reports/suspicious?startDate=2026-10-25&endDate=2026-10-31',
  '/api/logs/2026-10-01',
  '/api/logs/2026-10-01/2026-10-07',
  '/api/config/limits',
];

const get = (url: string, token: string) => h.request({ method: 'GET', url, token });

describe('heavy reads', () => {
  it.each(HEAVY)('%s answers 503 with the busy message while the global bound is taken', async (url) => {
    hold('someone@test.lab', 2);
    const res = await get(url, reader);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: SERVER_BUSY });
    for (const release of held.splice(0)) release();
    expect([200, 204]).toContain((await get(url, reader)).statusCode);
  });

  it.each(LIGHT)('%s is never limited', async (url) => {
    hold('someone@test.lab', 2);
    expect((await get(url, reader)).statusCode).toBe(200);
  });

  it('one heavy read per user: a second of the same user is refused, another user is served', async () => {
    // The reader's own heavy read in flight: a real one, held inside the PDF render.
    let releaseRender!: () => void;
    let entered!: () => void;
    const inRender = new Promise<void>((resolve) => (entered = resolve));
    h.app.pdfRenders.hooks.beforeRender = () =>
      new Promise<void>((resolve) => {
        releaseRender = resolve;
        entered();
      });
    const first = get('/api/reports/export/day?startDate=2026-09-01&endDate=2026-10-31', reader);
    await inRender;
    expect(h.app.heavyReads.running).toBe(1);
    h.app.pdfRenders.hooks = {};
    const second = await get('/api/analysis/view?size=15000', reader);
    expect(second.statusCode).toBe(503);
    expect(second.json()).toEqual({ message: SERVER_BUSY });
    expect((await get('/api/analysis/view?size=15000', other)).statusCode).toBe(200);
    // The global bound (2) with the reader's and a third user's read in flight.
    hold('third-party');
    const refused = await get('/api/analysis/view?size=15000', third);
    expect(refused.statusCode).toBe(503);
    releaseRender();
    expect((await first).statusCode).toBe(200);
    // Answered: the slot is free again.
    expect(h.app.heavyReads.running).toBe(1);
    expect((await get('/api/analysis/view?size=15000', reader)).statusCode).toBe(200);
  });

  it('a refused heavy read leaves no slot taken, nor does a 400', async () => {
    hold('someone@test.lab', 2);
    expect((await get('/api/analysis/view?size=15000', reader)).statusCode).toBe(503);
    for (const release of held.splice(0)) release();
    expect(h.app.heavyReads.running).toBe(0);
    expect((await get('/api/logs/2026-10-28/2026-10-01', reader)).statusCode).toBe(400);
    expect((await get('/api/analysis/view?size=15000&filter=aId,x', reader)).statusCode).toBe(400);
    expect(h.app.heavyReads.running).toBe(0);
  });
});
