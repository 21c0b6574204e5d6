// GET /api/events and the change events behind it (docs/dev/architecture.md#change-events): each
// committed write gives one event per resource it touched, with its keys, version and actor; a
// rolled-back write none; a reader sees no admin-only data; a reconnect resumes from Last-Event-ID
// or is told to reload when the window no longer holds what it missed.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_KEYS_CAP, EVENT_STREAM_MESSAGES, type ChangeEvent } from '../../src/domain/events';
import { actAs } from '../../src/server/events/actor';
import { useHarness } from './harness';
import { openEvents, type SseClient } from './sse';

const h = useHarness({
  accountCheckTtlMs: 100,
  events: { heartbeatMs: 200, limits: { perAccount: 3, total: 5 }, recheckMs: 100 },
});
const open: SseClient[] = [];
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

const stream = async (token: string, lastId?: string): Promise<SseClient> => {
  const client = await openEvents(h.app, token, lastId);
  open.push(client);
  // The stream's first frame says where it starts.
  await client.until('the start', (frames) => frames.length > 0);
  return client;
};

const SAMPLE = { sId: '1234567890128', sStamp: '2025-10-01 06:00:00' };
const analysis = (overrides: object = {}) => ({
  sample: { sampleId: SAMPLE, weightNet: null, weightBru: null, name: null, boxPos: null },
  aFlags: '-----',
  dateIn: '2025-10-01 07:00:00',
  dateOut: '2025-10-01 07:05:00',
  pol: 17.5,
  lane: 1,
  comment: 'typed by hand',
  dateExported: null,
  ...overrides,
});

/** The change events after `before` settled: waits a moment so a second event would have arrived. */
const eventsAfter = async (client: SseClient, before: number, expected: number): Promise<ChangeEvent[]> => {
  await client.until(`${expected} event(s)`, () => client.changes().length >= before + expected);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return client.changes().slice(before);
};

describe('GET /api/events', () => {
  it('refuses a request without a token', async () => {
    const res = await h.request({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a Last-Event-ID that is not an event id with 400', async () => {
    const token = await h.tokenFor('ROLE_ADMIN');
    const client = await openEvents(h.app, token, 'abc');
    open.push(client);
    expect(client.status).toBe(400);
  });

  it('answers junk in Last-Event-ID with 400 in its words, never a 5xx', async () => {
    // The stream's one input (the route-wide fuzz and wording tests leave the never-ending stream out).
    const token = await h.tokenFor('ROLE_ADMIN');
    for (const junk of ['-1', '1.5', '1e3', '0x10', '12345678901234567890', '١٢', 'ü', "1' or '1'='1", ' ']) {
      const res = await h.request({
        method: 'GET',
        url: '/api/events',
        token,
        headers: { 'last-event-id': encodeURIComponent(junk) },
      });
      expect(res.statusCode, junk).toBe(400);
      expect(res.json<{ message: string }>().message, junk).toBe(EVENT_STREAM_MESSAGES.badLastEventId);
    }
  });

  it('sends a heartbeat comment and a start id', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const client = await stream(token);
    expect(client.frames[0]?.id).toMatch(/^\d+$/);
  });

  it('gives one event per write with its keys, version and actor; none for a refused write', async () => {
    const admin = 'events-admin@lab.test';
    await h.addUser(admin, 'ROLE_ADMIN');
    const token = await h.signIn(admin);
    // The stream first, then the sample and its event: a write committed just before a stream opens
    // may still come live on it (its notification was on its way), so it must not count as the next
    // write's (CI31 and CI41 on PostgreSQL got the sample's event as the analysis's, then that one).
    const client = await stream(token);
    await h.db
      .insertInto('sample')
      .values({ sId: SAMPLE.sId, sStamp: SAMPLE.sStamp, name: 'beet' })
      .execute();
    await eventsAfter(client, 0, 1);

    let before = client.changes().length;
    const created = await h.request({ method: 'POST', url: '/api/analysis', token, payload: analysis() });
    expect(created.statusCode, created.body).toBe(201);
    const aId = String(created.json<{ aId: number }>().aId);
    const [create, ...more] = await eventsAfter(client, before, 1);
    expect(more).toEqual([]);
    expect(create).toMatchObject({
      resource: 'analysis',
      keys: [aId],
      count: 1,
      version: 1,
      by: { kind: 'user', name: admin },
    });

    before = client.changes().length;
    const row = await h.db
      .selectFrom('analysis')
      .select('version')
      .where('aId', '=', Number(aId))
      .executeTakeFirstOrThrow();
    const updated = await h.request({
      method: 'PUT',
      url: `/api/analysis/${aId}`,
      token,
      payload: analysis({ comment: 'changed', version: row.version }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [update, ...more2] = await eventsAfter(client, before, 1);
    expect(more2).toEqual([]);
    expect(update).toMatchObject({ resource: 'analysis', keys: [aId], count: 1, version: row.version + 1 });

    // A refused write (outdated version: 409) commits nothing and says nothing.
    before = client.changes().length;
    const stale = await h.request({
      method: 'PUT',
      url: `/api/analysis/${aId}`,
      token,
      payload: analysis({ version: row.version }),
    });
    expect(stale.statusCode).toBe(409);
    const deleted = await h.request({ method: 'DELETE', url: `/api/analysis/${aId}`, token });
    expect(deleted.statusCode).toBe(200);
    const [remove, ...more3] = await eventsAfter(client, before, 1);
    expect(more3).toEqual([]);
    expect(remove).toMatchObject({ resource: 'analysis', keys: [aId], count: 1, version: null });
  });

  it('gives a limit change its own resource and name', async () => {
    const token = await h.tokenFor('ROLE_ADMIN');
    const client = await stream(token);
    const before = client.changes().length;
    const limit = (await h.request({ method: 'GET', url: '/api/config/limits/pol', token })).json<
      Record<string, unknown>
    >();
    const res = await h.request({
      method: 'PUT',
      url: '/api/config/limits/pol',
      token,
      payload: { ...limit, max: '30' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event, ...more] = await eventsAfter(client, before, 1);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ resource: 'limits', keys: ['pol'], count: 1 });
  });

  it('gives a bulk write one event: the keys capped, the count whole, the sync entry named', async () => {
    const token = await h.tokenFor('ROLE_ADMIN');
    const client = await stream(token);
    const before = client.changes().length;
    await h.db.transaction().execute(async (trx) => {
      await actAs(trx, 'sync:sample');
      // Two statements, as an importer writes its chunks: still one event.
      for (const offset of [0, 150])
        await sql`insert into sample (s_id, s_stamp, name)
          select lpad((900000 + ${offset} + i)::text, 13, '0'), timestamp '2025-10-02 06:00:00', 'bulk'
          from generate_series(1, 150) i`.execute(trx);
    });
    const [event, ...more] = await eventsAfter(client, before, 1);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      resource: 'samples',
      count: 300,
      version: null,
      by: { kind: 'sync', name: 'sample' },
    });
    expect(event?.keys).toHaveLength(EVENT_KEYS_CAP);
    expect(event?.keys[0]).toMatch(/^\d{13}\|2025-10-02 06:00:00$/);
  });

  it('gives no event for a rolled-back transaction', async () => {
    const token = await h.tokenFor('ROLE_ADMIN');
    const client = await stream(token);
    await h.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('sample')
          .values({ sId: '4000000000006', sStamp: '2025-10-03 06:00:00' })
          .execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await h.db
      .insertInto('hwLog')
      .values({ dateCreated: '2025-10-03 06:00:00', level: 'INFO', info: 'marker' })
      .execute();
    await client.until('the marker', () => client.changes().some((e) => e.resource === 'logs'));
    expect(
      client
        .changes()
        .filter((e) => e.resource === 'samples' && e.keys.includes('4000000000006|2025-10-03 06:00:00')),
    ).toEqual([]);
  });

  it("a reader's stream carries neither user accounts nor who wrote", async () => {
    const admin = await h.tokenFor('ROLE_ADMIN');
    const readerClient = await stream(await h.tokenFor('ROLE_READER'));
    const adminClient = await stream(admin);
    await h.addUser('someone-new@lab.test', 'ROLE_READER');
    const limit = (await h.request({ method: 'GET', url: '/api/config/limits/nat', token: admin })).json<
      Record<string, unknown>
    >();
    expect(
      (
        await h.request({
          method: 'PUT',
          url: '/api/config/limits/nat',
          token: admin,
          payload: { ...limit, max: '9' },
        })
      ).statusCode,
    ).toBe(200);
    await adminClient.until('the limit', () =>
      adminClient.changes().some((e) => e.resource === 'limits' && e.keys.includes('nat')),
    );
    await readerClient.until('the limit', () =>
      readerClient.changes().some((e) => e.resource === 'limits' && e.keys.includes('nat')),
    );
    expect(
      adminClient.changes().some((e) => e.resource === 'users' && e.keys.includes('someone-new@lab.test')),
    ).toBe(true);
    expect(readerClient.changes().filter((e) => e.resource === 'users')).toEqual([]);
    const text = readerClient.frames.map((f) => f.data ?? '').join('\n');
    expect(text).not.toContain('@');
    expect(readerClient.changes().find((e) => e.resource === 'limits')?.by).toEqual({
      kind: 'user',
      name: null,
    });
  });

  it('a reconnect with Last-Event-ID gets what it missed, once each', async () => {
    const token = await h.tokenFor('ROLE_ADMIN');
    const first = await stream(token);
    const lastId = first.lastId();
    first.close();
    for (const info of ['missed 1', 'missed 2'])
      await h.db
        .insertInto('hwLog')
        .values({ dateCreated: '2025-10-03 06:00:00', level: 'INFO', info })
        .execute();
    const again = await stream(token, lastId);
    await again.until(
      'both missed events',
      () => again.changes().filter((e) => e.resource === 'logs').length >= 2,
    );
    const ids = again.changes().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => BigInt(id) > BigInt(lastId ?? '0'))).toBe(true);
  });

  it('a reconnect from before the window is told to reload', async () => {
    const token = await h.tokenFor('ROLE_ADMIN');
    const first = await stream(token);
    const lastId = first.lastId();
    first.close();
    await h.db
      .insertInto('hwLog')
      .values({ dateCreated: '2025-10-03 06:00:00', level: 'INFO', info: 'pruned' })
      .execute();
    await h.db.deleteFrom('changeEvent').execute();
    const again = await stream(token, lastId);
    expect(again.frames[0]).toMatchObject({ event: 'reload' });
    expect(BigInt(again.frames[0]?.id ?? '0')).toBeGreaterThan(BigInt(lastId ?? '0'));
  });

  it('bounds the open streams per account and in all with 429 in its words; a closed one frees its place', async () => {
    const admin = await h.tokenFor('ROLE_ADMIN');
    const clients = await Promise.all([1, 2, 3].map(() => stream(admin)));
    // Opened all at once: the bound holds for concurrent opens too.
    const [fourth, fifth] = await Promise.all([openEvents(h.app, admin), openEvents(h.app, admin)]);
    open.push(fourth, fifth);
    expect([fourth.status, fifth.status]).toEqual([429, 429]);
    expect(fourth.body).toEqual({ message: EVENT_STREAM_MESSAGES.tooManyForAccount });
    // Another account still gets its streams, up to the instance's bound (5 here).
    const reader = await h.tokenFor('ROLE_READER');
    await stream(reader);
    await stream(reader);
    const sixth = await openEvents(h.app, reader);
    open.push(sixth);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: EVENT_STREAM_MESSAGES.tooManyForServer });
    // A page that closes its stream gives its place back.
    clients[0]!.close();
    await expect
      .poll(async () => {
        const next = await openEvents(h.app, admin);
        open.push(next);
        return next.status;
      })
      .toBe(200);
  });

  it('ends a stream once its token no longer lets its user in, or stands for another role', async () => {
    const emailOf = async (token: string) =>
      (await h.request({ method: 'GET', url: '/api/auth/me', token })).json<{ email: string }>().email;
    const staying = await h.tokenFor('ROLE_READER');
    const demoted = await h.tokenFor('ROLE_ADMIN');
    const removed = await h.tokenFor('ROLE_READER');
    const [stay, demote, remove] = [await stream(staying), await stream(demoted), await stream(removed)];
    await h.db
      .updateTable('appUser')
      .set({ role: 'ROLE_READER' })
      .where('email', '=', await emailOf(demoted))
      .execute();
    await h.db
      .deleteFrom('appUser')
      .where('email', '=', await emailOf(removed))
      .execute();
    // An admin's stream carries what a reader's may not (accounts, who wrote): it must not outlive the role.
    await demote.until("the demoted admin's stream to end", () => demote.ended());
    await remove.until("the removed reader's stream to end", () => remove.ended());
    // Several checks later, an account that still stands keeps its stream.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(stay.ended()).toBe(false);
  });

  it('the app closes while streams are open', async () => {
    const token = await h.tokenFor('ROLE_READER');
    await stream(token);
    // Closing is the harness's afterAll: it must not hang on this stream (the test times out if it does).
  });
});
