// While the embedded database is still starting (it boots in its own thread while serve.ts builds
// the app and listens), GET /api/health answers 503 with status 'starting' at once, so that a proxy
// or an operator sees why the instance is not in service yet. Every other request is served as usual: its queries wait
// until the database is open and migrated (db/create-db.ts, pgliteDb), neither refused nor failed.
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../paths';

export const STARTING_HEALTH = { status: 'starting', database: 'starting', migrations: 'unknown', version: APP_VERSION };

export const answerHealthWhileStarting = (app: FastifyInstance, starting: Promise<unknown>): void => {
  let settled = false;
  const done = (): void => void (settled = true);
  starting.then(done, done);
  app.addHook('onRequest', async (request, reply) => {
    if (settled || request.routeOptions.url !== '/api/health') return;
    // Not the route's response schema (its statuses are 'ok' and 'unavailable'): this answer is the gate's.
    return reply.code(503).header('cache-control', 'no-store').serializer(JSON.stringify).send(STARTING_HEALTH);
  });
};
