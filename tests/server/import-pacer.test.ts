// The import's pacer on PGlite's one session (sync/hiddenRun.ts ImportPacer): with nobody else on
// the session it never pauses; with a reader that sends its next read as soon as the last one
// answered, it leaves the session to the reader for YIELD_SHARE × its own time after each
// step, although the session is free for a moment between two reads. The time asserted is a lower
// bound the pacer's own clock guarantees, not a speed: a slow machine only makes the gaps longer.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, pgliteDb, sessionTurnsOf, type DbHandle } from '../../src/server/db/create-db';
import { ImportPacer, YIELD_SHARE } from '../../src/server/sync/hiddenRun';

const STEP_MS = 60;
const STEPS = 4;

let handle: DbHandle;
beforeAll(async () => {
  handle = pgliteDb(await openPGlite(undefined, 'Europe/Berlin'));
});
afterAll(() => handle.close());

/** Runs STEPS steps of STEP_MS each; when each began and ended. */
const steps = async (pacer: ImportPacer) => {
  const spans: { began: number; ended: number }[] = [];
  for (let i = 0; i < STEPS; i++) {
    await pacer.step(async (trx) => {
      const began = performance.now();
      await sql`select pg_sleep(${STEP_MS / 1000})`.execute(trx);
      spans.push({ began, ended: performance.now() });
    }, false);
  }
  return spans;
};

describe('ImportPacer on PGlite', () => {
  it('takes the session once per step when nobody else uses it', async () => {
    const before = sessionTurnsOf(handle.db);
    await steps(new ImportPacer(handle.db));
    expect(sessionTurnsOf(handle.db) - before).toBe(STEPS);
  });

  it('ends a pause after two looks that find the session free, and pauses no more once nobody reads', async () => {
    const before = sessionTurnsOf(handle.db);
    const pacer = new ImportPacer(handle.db);
    // One read between the pacer's start and its first step: that step shared the session.
    await sql`select 1`.execute(handle.db);
    await steps(pacer);
    // The read, the steps, and the pause after the first step: two free looks. None after the others.
    expect(sessionTurnsOf(handle.db) - before).toBe(1 + STEPS + 2);
  });

  it('leaves the session to a reader that reads one query after another for YIELD_SHARE times its own time', async () => {
    let reading = true;
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        await sql`select count(*) from pg_class`.execute(handle.db);
        reads += 1;
        // The next read comes in as a request would, from the event loop (in this thread PGlite's
        // answers are promises only, and reads chained on them alone would starve the timers).
        await new Promise((next) => setImmediate(next));
      }
    })();
    try {
      const pacer = new ImportPacer(handle.db);
      const spans = await steps(pacer);
      for (let i = 1; i < STEPS; i++) {
        const gap = spans[i]!.began - spans[i - 1]!.ended;
        // Each step took at least STEP_MS; the pause after it lasts YIELD_SHARE × that, as the reader never stops.
        expect(gap, `pause before step ${i + 1}`).toBeGreaterThanOrEqual(YIELD_SHARE * STEP_MS);
      }
    } finally {
      reading = false;
      await reader;
    }
    expect(reads).toBeGreaterThan(STEPS);
  });
});
