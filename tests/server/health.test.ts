// GET /api/health: public, 200 with the database reachable and the schema current, 503 otherwise.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../src/server/paths';
import { useHarness } from './harness';

const h = useHarness();

describe('GET /api/health', () => {
  it('answers 200 without a token: database reachable, migrations current, the version', async () => {
    const res = await h.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'reachable', migrations: 'current', version: APP_VERSION });
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 when a migration of this version is missing from the database', async () => {
    const removed = await sql<{ name: string; timestamp: string }>`
      delete from kysely_migration where name = (select max(name) from kysely_migration) returning name, timestamp`.execute(h.db);
    try {
      const res = await h.request({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'reachable', migrations: 'pending' });
    } finally {
      const row = removed.rows[0]!;
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(h.db);
    }
  });
});
