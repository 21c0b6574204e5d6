// The Synchronization page's calls (spec §7 Config; ARCHITECTURE §5 Synchronization):
// GET /api/config/sync, GET /api/config/sync/datasource (text), PUT /api/config/sync/{syncID}
// (admin), GET /api/config/sync/{syncID} (starts a run; 409 while one runs), GET
// /api/config/sync/logs/{syncID} (text). Also the plugin that owns the sync service: the scheduler
// starts when the app is ready (if asked to) and everything stops when it closes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import {
  syncEntrySchema,
  syncEntryWriteSchema,
  syncIdSchema,
  syncResponseSchema,
} from '../../../domain/entities/syncEntry';
import { requireAdmin, userOf } from '../../auth/plugin';
import { HttpError } from '../../http/errors';
import { getSyncEntry, listSyncEntries, updateSyncEntry } from '../../services/sync-config';
import { runLogText } from '../../sync/engine';
import { DONE_DIR, FAILED_DIR, folderOf } from '../../sync/files';
import { SyncService, type SchedulerOptions } from '../../sync/service';

declare module 'fastify' {
  interface FastifyInstance {
    sync: SyncService;
  }
}

export interface SyncRouteOptions {
  /** Start the scheduler when the app is ready (the server does; tests build apps without it). */
  schedule?: boolean | SchedulerOptions;
  /** How long a file must be unchanged before a run reads it (default 3 s). */
  settleMs?: number;
}

export const syncAlreadyRunning = (id: string): string =>
  `Sync ${id} is already running. Please wait until it is done!`;

const idParams = z.object({ syncID: syncIdSchema });
const text = z.string();

const plugin = async (parent: FastifyInstance, opts: SyncRouteOptions = {}): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = new SyncService(app.db, {
    source: app.config.syncSource,
    settleMs: opts.settleMs,
    timezone: app.config.timezone,
  });
  parent.decorate('sync', service);
  if (opts.schedule) {
    const scheduler = typeof opts.schedule === 'object' ? opts.schedule : {};
    parent.addHook('onReady', async () =>
      service.schedule({ onError: (err) => parent.log.error({ err }, 'sync run failed'), ...scheduler }),
    );
  }
  parent.addHook('onClose', async () => service.close());

  const tags = ['config'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/config/sync',
    {
      schema: {
        tags,
        security,
        summary: 'The sync entries with status, last sync and interval',
        response: { 200: syncResponseSchema, 401: apiErrorSchema },
      },
    },
    async () => ({ sync: await listSyncEntries(app.db) }),
  );

  app.get(
    '/api/config/sync/datasource',
    {
      schema: {
        tags,
        security,
        summary: 'Where the instruments drop their files (text)',
        response: { 200: text, 401: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      const folders = (['Analysis', 'Sample', 'Box', 'Log'] as const)
        .map((id) => `${id}: ${folderOf(service.options.source, id)}`)
        .join('\n');
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          `${service.options.source}\n${folders}\nHandled files move to ${DONE_DIR}/ or, with a reason file, to ${FAILED_DIR}/.\n`,
        );
    },
  );

  app.get(
    '/api/config/sync/logs/:syncID',
    {
      schema: {
        tags,
        security,
        summary: 'The run log of an entry, newest run first (text)',
        params: idParams,
        response: { 200: text, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(await runLogText(app.db, request.params.syncID)),
  );

  app.get(
    '/api/config/sync/:syncID',
    {
      schema: {
        tags,
        security,
        summary: 'Starts a run of the entry; answers the entry (RUNNING); 409 while a run of it goes on',
        params: idParams,
        response: { 200: syncEntrySchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const id = request.params.syncID;
      const { started, done } = await service.start(id);
      if (!started) throw new HttpError(409, syncAlreadyRunning(id));
      void done.catch((err: unknown) => request.log.error({ err }, 'sync run failed'));
      return getSyncEntry(app.db, id);
    },
  );

  app.put(
    '/api/config/sync/:syncID',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        security,
        summary:
          'Change the interval and unit of an entry (admin); 409 when its version is no longer the one sent',
        params: idParams,
        body: syncEntryWriteSchema,
        response: {
          200: syncEntrySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => updateSyncEntry(app.db, userOf(request).email, request.params.syncID, request.body),
  );
};

/**
 * Not encapsulated (what fastify-plugin does, without the dependency): `app.sync` and the
 * lifecycle hooks belong to the app itself, so tests and the server reach the service.
 */
export const syncRoutes = Object.assign(plugin, { [Symbol.for('skip-override')]: true });
