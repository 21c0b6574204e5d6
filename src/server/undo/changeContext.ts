// Which changes a request made, so its answer can name them (domain/undo.ts CHANGE_HEADER): recordAudit
// notes each event's change id in the request's async context, and a hook puts them on a successful
// write's answer. Reads never answer it, so a download that flags the analyses it exported (a write
// that left the building) offers no undo.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { CHANGE_HEADER } from '../../domain/undo';

interface RequestChanges {
  ids: Set<number>;
}

const context = new AsyncLocalStorage<RequestChanges>();
const changesOf = new WeakMap<object, RequestChanges>();

/** Notes that the current request wrote change `id` (a no-op outside a request: CLI, sync, tests). */
export const noteChange = (id: number | null | undefined): void => {
  if (id !== null && id !== undefined) context.getStore()?.ids.add(Number(id));
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const changeHeaderPlugin = fastifyPlugin(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!WRITES.has(request.method)) return done();
    const changes: RequestChanges = { ids: new Set() };
    changesOf.set(request, changes);
    context.run(changes, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const changes = changesOf.get(request);
    if (changes && changes.ids.size > 0 && reply.statusCode < 300)
      void reply.header(CHANGE_HEADER, [...changes.ids].join(','));
    return payload;
  });
});
