// The Synchronization page's calls (docs/dev/product-rules.md#calls Config; docs/dev/architecture.md#domain-decisions Synchronization):
// GET /api/config/sync, GET /api/config/sync/datasource (text), PUT /api/config/sync/{syncID}
// (admin), GET /api/config/sync/{syncID} (starts a run, or joins the one going on), GET
// /api/config/sync/logs/{syncID} (text). Also the plugin that owns the sync service: the scheduler
// starts when the app is ready (if asked to) and everything stops when it closes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import {
  syncEntrySchema,
  syncEntryWriteSchema,
  SYNC_IDS,
  syncIdSchema,
  syncResponseSchema,
  type SyncId,
} from '../../../domain/entities/syncEntry';
import { isAdmin } from '../../../domain/roles';
import { requireAdmin, userOf } from '../../auth/plugin';
import { getSyncEntry, listSyncEntries, updateSyncEntry } from '../../services/sync-config';
import { runLogText, type SyncOptions } from '../../sync/engine';
import { DONE_DIR, FAILED_DIR, folderOf, relativeFolderOf } from '../../sync/files';
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
  /** See SyncOptions.afterRead (tests only). */
  afterRead?: SyncOptions['afterRead'];
}

const idParams = z.object({ syncID: syncIdSchema });
const text = z.string();

const plugin = async (parent: FastifyInstance, opts: SyncRouteOptions = {}): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = new SyncService(app.db, {
    source: app.config.syncSource,
    settleMs: opts.settleMs,
    timezone: app.config.timezone,
    maxFileBytes: app.config.syncMaxFileBytes,
    warn: (message) => app.log.warn(message),
    afterRead: opts.afterRead,
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
    async (request, reply) => {
      // The server's paths are the administrator's to know (issue 29): readers get the folders'
      // names relative to the sync source.
      const admin = isAdmin(userOf(request).roles);
      const where = (id: SyncId) => (admin ? folderOf(service.options.source, id) : relativeFolderOf(id));
      const folders = SYNC_IDS.map((id) => `${id}: ${where(id)}`).join('\n');
      const head = admin ? service.options.source : 'The sync source (its place on the server is shown to administrators)';
      return reply
        .type('text/plain; charset=utf-8')
        .send(`${head}\n${folders}\nHandled files move to ${DONE_DIR}/ or, with a reason file, to ${FAILED_DIR}/.\n`);
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
        summary:
          'Starts a run of the entry, or joins the run of it going on; answers the entry (RUNNING while it runs)',
        params: idParams,
        response: { 200: syncEntrySchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const id = request.params.syncID;
      // A run going on (here: joined; on another instance: its lock is held) is the run asked for.
      const { done } = await service.start(id);
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
