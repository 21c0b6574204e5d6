// Sync entries as records (issue 29 items 2 and 4), on the test database (PGlite, or PostgreSQL with
// DATABASE_URL): a PUT goes with the version it was read with and a stale one answers 409 with the
// spec's 'was not modified!' message; runs (status, lastSync) do not make a copy stale; timeInterval
// is bounded by unit to what the scheduler can keep; a row stored past that bound (written around
// the API) does not stop the scheduler for the other entries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncEntry, SyncId } from '../../src/domain/entities/syncEntry';
import { CHANGED_MEANWHILE, VERSION_MESSAGE } from '../../src/domain/messages';
import { SYNC_INTERVAL_MAX, syncIntervalMessage } from '../../src/domain/syncInterval';
import { useHarness } from './harness';

const source = mkdtempSync(join(tmpdir(), 'labdesk-sync-config-'));
const h = useHarness({ config: { syncSource: source }, sync: { settleMs: 0 } });
let admin = '';

const entry = async (id: SyncId): Promise<SyncEntry> =>
  (await h.request({ method: 'GET', url: '/api/config/sync', token: admin }))
    .json<{ sync: SyncEntry[] }>()
    .sync.find((e) => e.syncID === id)!;
const put = (id: SyncId, body: object) =>
  h.request({ method: 'PUT', url: `/api/config/sync/${id}`, token: admin, payload: body });

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
});
afterAll(() => rmSync(source, { recursive: true, force: true }));

describe('sync entries are versioned', () => {
  it('a PUT from a stale copy answers 409 with the spec message and changes nothing', async () => {
    const read = await entry('Box');
    expect(read.version).toBe(1);
    const first = await put('Box', { ...read, timeInterval: 20 });
    expect(first.statusCode).toBe(200);
    expect(first.json<SyncEntry>()).toMatchObject({ timeInterval: 20, version: 2 });
    const stale = await put('Box', { ...read, timeInterval: 30 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'Error occurred, SyncID#Box was not modified!',
      errors: [CHANGED_MEANWHILE],
    });
    expect(await entry('Box')).toMatchObject({ timeInterval: 20, version: 2 });
  });

  it('a PUT without a version is 400', async () => {
    const { version: _omitted, ...body } = await entry('Box');
    const res = await put('Box', body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: string[] }>().errors).toContain(VERSION_MESSAGE);
  });

  it('a run between read and save does not make the copy stale (the version covers the schedule)', async () => {
    const read = await entry('Sample');
    const { done } = await h.app.sync.start('Sample');
    await done;
    expect((await entry('Sample')).status).toBe('DONE');
    const res = await put('Sample', { ...read, timeInterval: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json<SyncEntry>()).toMatchObject({ timeInterval: 15, version: read.version + 1, status: 'DONE' });
  });
});

describe('timeInterval is bounded by what the scheduler can keep', () => {
  it('24856 DAYS is 400 with a clear message; the largest of each unit is taken', async () => {
    expect(SYNC_INTERVAL_MAX).toEqual({ SECONDS: 2147483, MINUTES: 35791, HOURS: 596, DAYS: 24 });
    const read = await entry('Log');
    const res = await put('Log', { ...read, timeInterval: 24856, unit: 'DAYS' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: string[] }>().errors.join(' ')).toContain(syncIntervalMessage('DAYS'));
    const days = await put('Log', { ...read, timeInterval: 25, unit: 'DAYS' });
    expect(days.statusCode).toBe(400);
    let version = read.version;
    for (const unit of ['SECONDS', 'MINUTES', 'HOURS', 'DAYS'] as const) {
      const ok = await put('Log', { ...read, version, timeInterval: SYNC_INTERVAL_MAX[unit], unit });
      expect(ok.statusCode).toBe(200);
      version = ok.json<SyncEntry>().version;
    }
  });

  it('a row stored past the bound does not stop the scheduler for the other entries', async () => {
    const set = (id: SyncId, values: { timeInterval?: number; unit?: 'DAYS'; lastSync: string | null }) =>
      h.db.updateTable('syncConfig').set(values).where('syncId', '=', id).execute();
    await set('Log', { timeInterval: 24856, unit: 'DAYS', lastSync: '2000-01-01 00:00:00' });
    await set('Box', { timeInterval: 2_000_000_000, unit: 'DAYS', lastSync: '2000-01-01 00:00:00' });
    await set('Analysis', { lastSync: null });
    const errors: unknown[] = [];
    h.app.sync.schedule({ tickMs: 50, onError: (err) => errors.push(err) });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const rows = await h.db
        .selectFrom('syncRun')
        .select('syncId')
        .where('syncId', 'in', ['Analysis', 'Box', 'Log'])
        .where('status', '=', 'DONE')
        .execute();
      if (['Analysis', 'Box', 'Log'].every((id) => rows.some((r) => r.syncId === id))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(errors).toEqual([]);
    expect((await entry('Analysis')).status).toBe('DONE');
    // Both rows past the bound are kept as the longest interval: due since 2000, and they ran.
    expect((await entry('Box')).status).toBe('DONE');
    expect((await entry('Log')).status).toBe('DONE');
  });
});
