// The sync entries' rules of services/sync-config.ts that the route tests did not reach (found by
// the mutation run of the file, docs/dev/mutation-scores.md): the list keeps the spec's order after
// an entry was rewritten (the database hands a rewritten row back last), a body naming another
// entry changes nothing, a schedule sent back unchanged writes nothing while a unit alone is a
// change, and a PUT of an entry missing from the database (removed around the API) is 404 with the
// spec's message.
//
// Survivors left (equivalent for a request): getSyncEntry's 404 made `if (false)` (42:7): the one
// route that reads an entry, GET /api/config/sync/{syncID}, starts its run first, and the run's
// insert into sync_run fails on its foreign key with a 500 before the entry is read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncEntry, SyncId } from '../../src/domain/entities/syncEntry';
import { useHarness } from './harness';

const source = mkdtempSync(join(tmpdir(), 'labdesk-sync-config-service-'));
const h = useHarness({ config: { syncSource: source }, sync: { settleMs: 0 } });
let admin = '';

const list = async (): Promise<SyncEntry[]> =>
  (await h.request({ method: 'GET', url: '/api/config/sync', token: admin })).json<{ sync: SyncEntry[] }>()
    .sync;
const entry = async (id: SyncId): Promise<SyncEntry> => (await list()).find((e) => e.syncID === id)!;
const put = (id: SyncId, body: object) =>
  h.request({ method: 'PUT', url: `/api/config/sync/${id}`, token: admin, payload: body });
const audits = (id: SyncId) =>
  h.db
    .selectFrom('auditEvent')
    .selectAll()
    .where('entity', '=', 'syncConfig')
    .where('entityKey', '=', id)
    .execute();

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
});
afterAll(() => rmSync(source, { recursive: true, force: true }));

describe('sync entries service', () => {
  it('lists the entries in the spec order after the first and the third were rewritten', async () => {
    for (const id of ['Analysis', 'Box'] as const) {
      expect((await put(id, { ...(await entry(id)), timeInterval: 30 })).statusCode).toBe(200);
    }
    expect((await list()).map((e) => e.syncID)).toEqual(['Analysis', 'Sample', 'Box', 'Log']);
  });

  it('refuses a body naming another entry, naming both, and changes neither', async () => {
    const [box, log] = [await entry('Box'), await entry('Log')];
    const res = await put('Log', { ...box, timeInterval: 5, unit: 'HOURS' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: string[] }>().errors).toEqual(['SyncID Box does not match Log']);
    expect([await entry('Box'), await entry('Log')]).toEqual([box, log]);
  });

  it('writes nothing for a schedule sent back unchanged, and writes a change of the unit alone', async () => {
    const read = await entry('Sample');
    const same = await put('Sample', read);
    expect(same.statusCode).toBe(200);
    expect(same.json<SyncEntry>().version).toBe(read.version);
    expect(await audits('Sample')).toEqual([]);
    const hours = await put('Sample', { ...read, unit: 'HOURS' });
    expect(hours.statusCode).toBe(200);
    expect(hours.json<SyncEntry>()).toMatchObject({
      timeInterval: read.timeInterval,
      unit: 'HOURS',
      version: read.version + 1,
    });
    expect(await entry('Sample')).toMatchObject({ unit: 'HOURS' });
    expect(await audits('Sample')).toHaveLength(1);
  });

  it('answers 404 with the spec message for an entry missing from the database', async () => {
    const log = await entry('Log');
    await h.db.deleteFrom('syncConfig').where('syncId', '=', 'Log').execute();
    const message = { message: 'Error occurred, SyncID#Log was not found!' };
    const written = await put('Log', { ...log, timeInterval: 20 });
    expect([written.statusCode, written.json()]).toEqual([404, message]);
  });
});
