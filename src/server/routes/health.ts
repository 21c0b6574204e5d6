// GET /api/health (docs/dev/architecture.md#health-and-shutdown): for the reverse proxy and the
// operator, without a token. 200 when the database answers and its schema is the one this version
// expects, else 503 — the proxy then sends requests to another instance. It never waits long: a
// database that does not answer within HEALTH_TIMEOUT_MS counts as unreachable.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/database';
import { MIGRATIONS } from '../db/migrate';
import { APP_VERSION } from '../paths';

export const HEALTH_TIMEOUT_MS = 3_000;

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['reachable', 'unreachable']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** The database's state as the health check reports it. */
export const checkHealth = async (db: Kysely<Database>, timeoutMs = HEALTH_TIMEOUT_MS): Promise<Health> => {
  let applied: string[];
  try {
    const { rows } = await within(
      timeoutMs,
      sql<{ name: string }>`select name from kysely_migration`.execute(db),
    );
    applied = rows.map((r) => r.name);
  } catch {
    return { status: 'unavailable', database: 'unreachable', migrations: 'unknown', version: APP_VERSION };
  }
  const current = Object.keys(MIGRATIONS).every((name) => applied.includes(name));
  return {
    status: current ? 'ok' : 'unavailable',
    database: 'reachable',
    migrations: current ? 'current' : 'pending',
    version: APP_VERSION,
  };
};

export const healthRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Database reachable, schema current, version; 503 when not (for the reverse proxy)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.db);
      return reply
        .code(health.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health);
    },
  );
};
