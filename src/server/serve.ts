// Runs the server once main.ts has loaded the configuration (and, for the embedded database, taken
// the data dir's lock and started the database's thread): database and migrations, first admin,
// the app, then the HTTP listener; with the embedded database the listener as soon as the app is
// built and the database set up after its thread has booted (see below). Stops cleanly on
// SIGINT/SIGTERM.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from './app';
import { ensureFirstAdmin } from './bootstrap';
import { serveBackups } from './backup/socket';
import { restrictTreeToOwner, type Config } from './config';
import { createDb, pgliteDb, type DbHandle, type DbKind } from './db/create-db';
import type { Database } from './db/database';
import { joinInstances, TokenKeyMismatchError } from './auth/key-fingerprint';
import type { HeldSession } from './db/held-session';
import type { DataDirLock } from './db/lock';
import { migrateToLatest } from './db/migrate';
import { discardEveryRun } from './sync/hiddenRun';
import type { PGliteThread } from './db/pglite-thread';
import type { StartTimings } from './start-timings';
import type { SyncRouteOptions } from './routes/config/sync';

const say = (text: string): void => void process.stdout.write(`${text}\n`);

/** The embedded database as main.ts started it: the data dir's lock and the database's thread. */
export interface EmbeddedStart {
  lock: DataDirLock;
  thread: PGliteThread;
}

/** What a test may hook into a real server process (launch.ts); the server itself passes none. */
export interface ServeHooks {
  /** Called inside a sync file's transaction, after its rows are written (SyncOptions.afterRead). */
  syncAfterRead?: SyncRouteOptions['afterRead'];
}

export const serve = async (
  config: Config,
  timings: StartTimings,
  embedded?: EmbeddedStart,
  hooks: ServeHooks = {},
): Promise<void> => {
  // Filled as start-up proceeds; shutdown closes whatever exists by then.
  const running: {
    lock?: DataDirLock;
    handle?: DbHandle;
    app?: FastifyInstance;
    instance?: HeldSession;
    backups?: { close: () => Promise<void> };
    /** The data dir's modes being tightened, once the database is set up (setUp). */
    restricting?: Promise<void>;
  } = {};
  // The embedded database boots in its thread meanwhile (main.ts): settled once it is set up;
  // whether it is set up.
  let starting: Promise<void> | undefined;
  let databaseReady = false;

  // A Ctrl-C in a terminal reaches every process of the foreground group: under `npm start` that is
  // npm, scripts/start.mjs and this server — and npm and start.mjs pass the signal on as well, so
  // one keypress arrives here two or three times within milliseconds. With a one-time handler the
  // second SIGINT met Node's default action: the process died mid-close (exit 130) and left the
  // data-dir lock behind. So every SIGINT/SIGTERM is handled, and only the first one closes; the
  // ones that follow while closing are ignored (a hung close ends by the timer below).
  let stopping = false;
  /** Closes what runs; with an exit code, ends the process with it afterwards. */
  const stop = async (signal: string, exitCode?: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    if (exitCode === undefined) say(`labdesk: ${signal} received, closing`);
    // An embedded database that is starting finishes its start first: cut short, its boot, a first
    // start's initdb or a migration would leave work for the next start's recovery, and its files
    // with the modes PGlite gives them (restrictTreeToOwner runs once it is set up, and is waited
    // for). The requests waiting for it are then answered. A failed start ends the process by
    // itself (main's catch).
    await starting?.catch(() => undefined);
    await running.restricting?.catch(() => undefined);
    // A hung close must not keep the process (and the data-dir lock) forever.
    const force = setTimeout(() => {
      process.stderr.write('labdesk: closing took too long, exiting\n');
      running.lock?.release();
      process.exit(1);
    }, 10_000);
    force.unref();
    let code = exitCode ?? 0;
    try {
      // Stops listening, answers 503 to what still arrives on open connections, lets the requests
      // in flight finish, fails the running exports (their check says so) and waits for sync runs.
      await running.app?.close();
      await running.backups?.close();
      // Then the session locks (this instance's membership) and the pool.
      await running.instance?.release();
      // An embedded database that never opened has nothing to close.
      if (!starting || databaseReady) await running.handle?.close();
    } catch (err) {
      code = exitCode ?? 1;
      process.stderr.write(
        `labdesk: error while closing: ${err instanceof Error ? err.message : String(err)}\n`,
      );
    } finally {
      running.lock?.release();
      clearTimeout(force);
    }
    // Everything is closed: do not wait for handles someone forgot to unref.
    process.exit(code);
  };
  // A FATAL or PANIC leaves the embedded backend broken: every later request would answer 500 until
  // a restart. Exit instead (status 70, EX_SOFTWARE) so that the supervisor starts a fresh process.
  const onFatal = (err: unknown): void => {
    const detail = err instanceof Error ? err.message : String(err);
    const severity = (err as { severity?: unknown } | null)?.severity;
    process.stderr.write(
      `labdesk: the embedded database failed (${typeof severity === 'string' ? `${severity}: ` : ''}${detail}); ` +
        'exiting so that the supervisor restarts labdesk\n',
    );
    void stop('database failure', 70);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));

  let databaseAway = false;
  /** Migrations, this instance's membership (PostgreSQL), the first admin. */
  const setUp = async (db: Kysely<Database>, kind: DbKind): Promise<void> => {
    await migrateToLatest(db);
    timings.phase('migrations');
    if (kind === 'postgres') {
      // Several instances may share this database: agree on the token key, and keep this instance's
      // membership (a session lock) across database restarts.
      running.instance = await joinInstances(db, config.jwtSecret, {
        onReplaced: () => say('labdesk: the token signing key changed; earlier sign-ins have ended'),
        onLost: (err) => {
          if (err instanceof TokenKeyMismatchError) {
            process.stderr.write(`${err.message}\n`);
            void stop('token key mismatch', 1);
          } else if (!databaseAway) {
            databaseAway = true;
            process.stderr.write(
              `labdesk: database connection lost (${err instanceof Error ? err.message : String(err)}); retrying\n`,
            );
          }
        },
        onRetaken: () => {
          databaseAway = false;
          say('labdesk: database connection restored');
        },
      });
    }
    // One process opens the embedded database: a hidden run still there (an upload's, a sync
    // file's) is a killed process's, and its rows, never shown, would hold their keys.
    if (kind === 'pglite') await discardEveryRun(db);
    await ensureFirstAdmin(db, config);
    timings.phase('setup');
    // PGlite gives its files mode 0666 past any umask; they lie in the owner's 0700 data dir, and
    // this takes the group and other bits off them too. It walks the whole tree (tens of
    // milliseconds on a lab's database), so nothing waits for it but a stop: started as soon as a
    // first start's files exist, even if a stop comes before the server is in service.
    running.restricting = restrictTreeToOwner(config.dataDir).catch((err: unknown) => {
      process.stderr.write(`labdesk: could not restrict the data dir's modes: ${err instanceof Error ? err.message : String(err)}\n`);
    });
  };

  // PostgreSQL is a connection away: set up, then listen. The embedded database boots in its own
  // thread (about a second of CPU, started by main.ts) while this thread builds the app: the server
  // listens as soon as the app is built, and sets the database up once its thread is ready. Until
  // then /api/health answers 503 'starting' and every other request waits for the database
  // (http/starting.ts); `starting` settles once it is set up.
  if (config.databaseUrl) {
    const handle = (running.handle = await createDb(config, { onFatal }));
    timings.phase('database');
    await setUp(handle.db, 'postgres');
  } else if (embedded) {
    const { thread } = embedded;
    running.lock = embedded.lock;
    // The thread ending unasked is a failure of the database, as a FATAL is.
    thread.onFatal = onFatal;
    // The app's database object: its queries wait until the database is set up, which runs
    // through a database object of its own.
    const setUpDone = thread.waitReady.then(async () => {
      timings.phase('database');
      timings.mark('database');
      await setUp(pgliteDb(thread).db, 'pglite');
      databaseReady = true;
    });
    const openForApp = setUpDone.then(() => thread);
    const appDb = (running.handle = pgliteDb(openForApp, onFatal));
    starting = setUpDone;
    // Whoever waits for these sees a failure; the handlers only keep it from counting as unhandled.
    for (const settles of [setUpDone, openForApp]) settles.catch(() => undefined);
    // The embedded database is this process's: `npm run backup` gets its dump through this socket
    // (from the app's database object, whose queries take turns with the requests' and wait, as
    // theirs do, until the database is set up).
    running.backups = await serveBackups(appDb.db, config.dataDir, (err) =>
      process.stderr.write(`labdesk: backup failed: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  } else {
    throw new Error('labdesk: no database: neither DATABASE_URL nor the embedded database');
  }
  const handle = running.handle;

  const app = (running.app = await buildApp({
    config,
    db: handle.db,
    logger: { level: config.logLevel },
    sync: { schedule: true, ...(hooks.syncAfterRead ? { afterRead: hooks.syncAfterRead } : {}) },
    maintenance: true,
    ...(starting ? { starting } : {}),
  }));
  timings.phase('app');
  // onReady hooks: the sync scheduler and the exports' first look (on a starting database, their
  // queries wait for it).
  await app.ready();
  timings.phase('scheduler');
  // A signal during start-up is closing what existed; do not start listening afterwards.
  if (stopping) return;
  await app.listen({ host: '0.0.0.0', port: config.port });
  timings.phase('listen');
  timings.mark('accepting');
  const where = `http://localhost:${config.port}`;
  if (starting) {
    // Not yet "listening on": that line (which scripts and tests wait for) means in service.
    if (!databaseReady)
      say(`labdesk accepting connections on ${where} while the embedded database starts (requests wait for it)`);
    await starting;
    if (stopping) return;
  }
  say(`labdesk listening on ${where} (${starting ? 'embedded database' : 'PostgreSQL'})`);
  timings.mark('ready');
  if (process.argv.includes('--timings')) say(timings.line());
};
