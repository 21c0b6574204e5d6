// Two app instances on one PostgreSQL database (docs/dev/architecture.md#several-instances): a write
// answered by A reaches an event stream opened on B, through PostgreSQL's LISTEN/NOTIFY alone.
// Needs DATABASE_URL: the embedded database belongs to one process.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDb, type DbHandle } from '../../src/server/db/create-db';
import { onPostgres, testConfig, useHarness } from './harness';
import { openEvents } from './sse';

describe.skipIf(!onPostgres())('change events across instances (needs DATABASE_URL)', () => {
  const a = useHarness();

  it('a write on A reaches a stream of B', async () => {
    const config = testConfig();
    let handle: DbHandle | undefined;
    let b: FastifyInstance | undefined;
    try {
      handle = await createDb({ databaseUrl: a.databaseUrl, dataDir: '', timezone: config.timezone }, { maxConnections: 2 });
      b = await buildApp({ config, db: handle.db });
      await b.ready();
      const token = await a.tokenFor('ROLE_ADMIN');
      const onB = await openEvents(b, token);
      await onB.until('the start', (frames) => frames.length > 0);
      const limit = (await a.request({ method: 'GET', url: '/api/config/limits/kal', token })).json<Record<string, unknown>>();
      const res = await a.request({ method: 'PUT', url: '/api/config/limits/kal', token, payload: { ...limit, max: '12' } });
      expect(res.statusCode, res.body).toBe(200);
      await onB.until('the limit on B', () => onB.changes().some((e) => e.resource === 'limits' && e.keys.includes('kal')));
      onB.close();
    } finally {
      await b?.close();
      await handle?.close();
    }
  });
});
