// The application as a Fastify instance that does not listen (serve.ts does; tests use inject()).
// Plugins register in a fixed order: external (rate limit, OpenAPI), the app's own (db, auth),
// routes, then the not-found handler; the error handler is set first (see below).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { MAX_SELECTION, REQUEST_TIMEOUT_MS } from '../domain/constants';
import { registerAuth } from './auth/plugin';
import { DEFAULT_SIGNIN_LIMITS, SignInLimiter, type SignInLimits } from './auth/signin-limiter';
import type { Config } from './config';
import type { Database } from './db/database';
import { HTTP_MESSAGES, errorHandler, isApiPath } from './http/errors';
import { heavyReadPlugin, type HeavyReadLimits } from './http/heavyReads';
import { securityHeadersPlugin } from './http/securityHeaders';
import { answerHealthWhileStarting } from './http/starting';
import { isPGlite } from './db/create-db';
import { PGliteMaintenance, type MaintenanceOptions } from './db/pglite-maintenance';
import { HwLogBudget, type HwLogBudgetOptions } from './repositories/hw-log-budget';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { auditRoutes } from './routes/audit';
import { exportPlugin } from './exports/plugin';
import { exportRoutes } from './routes/exports';
import { deskPageRoutes } from './routes/desk-pages';
import { limitRoutes } from './routes/config/limits';
import { settingRoutes } from './routes/config/settings';
import { syncRoutes, type SyncRouteOptions } from './routes/config/sync';
import { SERVER_RESOURCES } from './resources';
import { startChangeHub, type ChangeHub, type EventWindow } from './events/hub';
import { eventRoutes, type STREAM_LIMITS } from './routes/events';
import { REPO_ROOT } from './paths';
import { changeHeaderPlugin } from './undo/changeContext';
import { undoRoutes } from './undo/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    /** Hardware-log lines a user can cause, bounded per user (repositories/hw-log-budget.ts). */
    hwLogBudget: HwLogBudget;
    /** The change events this instance hears (events/hub.ts). */
    changes: ChangeHub;
    /** The embedded database's ANALYZE and VACUUM (db/pglite-maintenance.ts); none on PostgreSQL. */
    maintenance: PGliteMaintenance | undefined;
  }
}

/**
 * Content-Security-Policy of every response (the HTML shell is what it protects). Vite's build has
 * no inline script; React sets styles through the DOM (not blocked), but react-aria and the
 * virtualised table also write style attributes, hence 'unsafe-inline' for styles only. The
 * favicon is a data: URI. Framing only by the app itself (the help at /doc is a same-origin frame): no clickjacking. No upgrade-insecure-requests: the lab
 * may serve plain HTTP on its LAN, where that directive would break every request.
 */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  scriptSrcAttr: ["'none'"],
};

/** The built client: `<repo>/dist`, resolved from this file so the working directory does not matter. */
export const DEFAULT_CLIENT_DIR = join(REPO_ROOT, 'dist');

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Fastify/pino logger options; false (the default) logs nothing. Redaction is always added. */
  logger?: boolean | Exclude<FastifyServerOptions['logger'], undefined>;
  /** Folder of the built client; default `<repo>/dist`. */
  clientDir?: string;
  /** The sign-in limits (auth/signin-limiter.ts); DEFAULT_SIGNIN_LIMITS for what is not given. */
  signInLimits?: Partial<SignInLimits>;
  /** How long a confirmed account is trusted before the next database check (auth/plugin.ts). */
  accountCheckTtlMs?: number;
  /** Called for every route as it is added, before any plugin registers (tests list the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** The sync's scheduler and file settle time (routes/config/sync.ts); no scheduler by default. */
  sync?: SyncRouteOptions;
  /**
   * The embedded database's statistics and vacuuming (db/pglite-maintenance.ts): at start, on a
   * schedule and after writes. PGlite only (PostgreSQL's autovacuum does it); off by default, the
   * server turns it on.
   */
  maintenance?: boolean | MaintenanceOptions;
  /** Heavy reads at once per user and in all (http/heavyReads.ts); defaults by database kind. */
  heavyReads?: Partial<HeavyReadLimits>;
  /** Hardware-log lines per user (failed label prints); default DEFAULT_HW_LOG_BUDGET. */
  hwLogBudget?: Partial<HwLogBudgetOptions>;
  /** The database still starting (serve.ts, embedded database): /api/health says so until it settles (http/starting.ts). */
  starting?: Promise<unknown>;
  /** The change events' resume window and the streams' heartbeat (events/hub.ts, events/stream.ts). */
  events?: {
    window?: Partial<EventWindow>;
    heartbeatMs?: number;
    limits?: Partial<typeof STREAM_LIMITS>;
    recheckMs?: number;
  };
}

/**
 * The compiler factories Fastify would otherwise load Ajv for. They hand out the zod compilers that
 * buildApp also sets directly (so Fastify calls neither factory); their types are Ajv's, hence the cast.
 */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** Never in the log: credentials in headers, any request body. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'body', 'password'];

const loggerOption = (logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] => {
  if (!logger) return false;
  const base = typeof logger === 'object' ? logger : {};
  return { level: 'info', ...base, redact: { paths: REDACT, censor: '[redacted]' } };
};

/** Room for the query string of the largest selection: 128 bytes per selected item, and 32 KB besides. */
export const MAX_REQUEST_HEADER_BYTES = MAX_SELECTION * 128 + 32 * 1024;

export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { config, db } = options;
  const clientDir = options.clientDir ?? DEFAULT_CLIENT_DIR;
  const hasClient = existsSync(join(clientDir, 'index.html'));
  const app = Fastify({
    // The zod compilers set below are the only ones any route uses. Without these factories
    // Fastify loads its default compilers (Ajv, fast-json-stringify: some 90 modules) while it is
    // constructed, on every start, and never calls them.
    schemaController: { compilersFactory: ZOD_COMPILERS },
    logger: loggerOption(options.logger),
    // Slightly above the client's 60 s timeout, so the client gives up first and says so.
    requestTimeout: REQUEST_TIMEOUT_MS + 5_000,
    connectionTimeout: REQUEST_TIMEOUT_MS + 5_000,
    return503OnClosing: true,
    // A path the router cannot decode ('/api/boxes/%ff/boxpos') matches no route. Under /api it is
    // 401 without a token and 404 with one, as any unknown /api path (the 401 goes through the error
    // handler as a route's would), elsewhere a plain 404 — not Fastify's FST_ERR_BAD_URL text, and
    // without echoing the undecodable path.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const notFound = () => reply.code(404).send({ message: HTTP_MESSAGES.notFound });
      if (!isApiPath(request.url)) return void notFound();
      void app.requireUser(request, reply).then(notFound, (err: FastifyError) => errorHandler(err, request, reply));
    },
    // A view of the largest selection (MAX_SELECTION sample IDs 'sId|sStamp', URL-encoded: about
    // 52 KB) travels in the query string (docs/dev/architecture.md#api-contract); Node's default header limit, 16 KB,
    // refused it with 431.
    http: { maxHeaderSize: MAX_REQUEST_HEADER_BYTES },
    // Whose X-Forwarded-For sets request.ip (sign-in limits, logs); none unless configured. Fastify
    // takes a hop count at run time (lib/request.js) though its types name only lists and functions.
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy as string[] } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set before anything registers: `await register()` loads a plugin at once, and a child context
  // keeps the error handler its parent had at that moment.
  app.setErrorHandler(errorHandler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (options.starting) answerHealthWhileStarting(app, options.starting);

  // External plugins.
  await app.register(securityHeadersPlugin, { contentSecurityPolicy: { useDefaults: false, directives: CSP } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'labdesk API', version: '1.0.0', description: 'Sugar-beet laboratory API (docs/dev/architecture.md#api-contract).' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  // The app's own plugins.
  app.decorate('db', db);
  app.decorate('config', config);
  const hwLogBudget = new HwLogBudget(db, app.log, options.hwLogBudget);
  app.decorate('hwLogBudget', hwLogBudget);
  // Pending summaries are written before the database closes (the caller closes it after the app).
  app.addHook('onClose', async () => hwLogBudget.flush());
  await app.register(changeHeaderPlugin);
  // With the database still starting, the hub starts listening once it is there; the app does not
  // wait for it (the server listens at once, http/starting.ts).
  const changes = await startChangeHub(db, options.events?.window, (err) => app.log.error({ err }, 'change events'), {
    wait: options.starting === undefined,
  });
  app.decorate('changes', changes);
  app.addHook('onClose', async () => changes.close());
  const pglite = await isPGlite(db);
  const maintenance = options.maintenance && pglite ? startMaintenance(app, db, changes, options.maintenance) : undefined;
  app.decorate('maintenance', maintenance);
  registerAuth(app, { db, keys: { secret: config.jwtSecret }, accountCheckTtlMs: options.accountCheckTtlMs });
  // Before the routes: its hooks apply to the routes registered after it.
  await app.register(heavyReadPlugin, {
    kind: pglite ? 'pglite' : 'postgres',
    limits: options.heavyReads,
  });

  // Routes.
  app.get('/api/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(authRoutes, {
    keys: { secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds },
    limiter: new SignInLimiter(db, { ...DEFAULT_SIGNIN_LIMITS, ...options.signInLimits }),
  });
  await app.register(healthRoutes);
  await app.register(auditRoutes);
  for (const resource of Object.values(SERVER_RESOURCES))
    for (const routes of resource.routes) await app.register(routes);
  await app.register(limitRoutes);
  await app.register(settingRoutes);
  await app.register(exportPlugin);
  await app.register(exportRoutes);
  await app.register(deskPageRoutes);
  await app.register(syncRoutes, options.sync ?? {});
  await app.register(undoRoutes);
  await app.register(eventRoutes, {
    hub: changes,
    heartbeatMs: options.events?.heartbeatMs,
    limits: options.events?.limits,
    recheckMs: options.events?.recheckMs,
  });
  if (hasClient) await registerClient(app, clientDir);

  // Last: the not-found handler (SPA fallback, JSON 404 under /api).
  app.setNotFoundHandler((request, reply) => notFound(app, request, reply, hasClient));
  return app;
};

/**
 * PGlite runs no autovacuum: the app analyzes and vacuums it (db/pglite-maintenance.ts): a first
 * run when the app is ready, then every few minutes and shortly after committed writes (every
 * import file, upload, undo and bulk edit ends in change events). Stops with the app, before the
 * database closes.
 */
const startMaintenance = (
  app: FastifyInstance,
  db: Kysely<Database>,
  changes: ChangeHub,
  options: true | MaintenanceOptions,
): PGliteMaintenance => {
  const maintenance = new PGliteMaintenance(db, {
    onStep: (step) => app.log.info(step, 'database maintenance'),
    onError: (err) => app.log.error({ err }, 'database maintenance failed'),
    ...(options === true ? {} : options),
  });
  changes.subscribe(() => maintenance.noteChange());
  app.addHook('onReady', async () => maintenance.start());
  app.addHook('onClose', async () => maintenance.close());
  return maintenance;
};

/**
 * The built client. Its file routes are public (auth/plugin.ts decides on the matched route): an
 * onRoute hook in their own scope marks them so. reply.sendFile for the SPA fallback comes from a
 * second, serve-less registration at the root, where the not-found handler lives.
 */
const registerClient = async (app: FastifyInstance, root: string): Promise<void> => {
  const options = {
    root,
    cacheControl: false,
    setHeaders: (reply: { header: (name: string, value: string) => unknown }, path: string) => {
      // Vite fingerprints everything under assets/: cache forever. The rest may change per build.
      const immutable = /[\\/]assets[\\/]/.test(path);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  await app.register(fastifyStatic, { ...options, serve: false });
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    // The catch-all file route also matches API paths no API route matched ('/api//x'): those get
    // the not-found handler's answer (401 without a token), not the file server's.
    files.addHook('onRequest', async (request, reply) => {
      if (isApiPath(request.url)) {
        reply.callNotFound();
        return reply;
      }
    });
    await files.register(fastifyStatic, {
      ...options,
      wildcard: true,
      index: 'index.html',
      decorateReply: false,
      // Source maps are never served, even from a build made with them: they hand out the sources.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
    });
  });
};

const NOT_BUILT =
  'labdesk: the web client is not built yet. Run `npm run build` (or `npm start`, which builds what is missing).\n';

const notFound = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  hasClient: boolean,
): Promise<FastifyReply> => {
  const path = request.url.split('?', 1)[0] ?? '';
  if (isApiPath(path)) {
    // Reached without the auth hook's check (no route matched, or a public file route passed it
    // on): an unknown /api path, however spelled, is 401 without a token and 404 only with one.
    if (!request.user) await app.requireUser(request, reply);
    return reply.code(404).send({ message: `${HTTP_MESSAGES.notFound}: ${request.method} ${path}` });
  }
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (isRead && !hasClient) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
  // Client-side routes (/analysis, /boxes, …) are not files: any page request gets the SPA shell.
  if (isRead && (request.headers.accept ?? '').includes('text/html')) {
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  }
  return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
};
