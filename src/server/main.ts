// Starts the server: configuration, data-dir lock (embedded database only), database and
// migrations, first admin, then the HTTP listener. Stops cleanly on SIGINT/SIGTERM.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ensureFirstAdmin } from './bootstrap';
import { serveBackups } from './backup/socket';
import { loadConfig, restrictToOwner, restrictTreeToOwner } from './config';
import { createDb, type DbHandle } from './db/create-db';
import { joinInstances, TokenKeyMismatchError } from './auth/key-fingerprint';
import type { HeldSession } from './db/held-session';
import { acquireDataDirLock, type DataDirLock } from './db/lock';
import { migrateToLatest } from './db/migrate';

const say = (text: string): void => void process.stdout.write(`${text}\n`);

/**
 * Where a start spends its time, phase by phase (wall and CPU milliseconds): `--timings` prints it
 * once listening (bench/start.ts reads it). The first phase runs from the process's start to
 * main(): Node itself and loading this bundle with the packages it imports.
 */
const startTimings = () => {
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const phases: { name: string; wallMs: number; cpuMs: number }[] = [];
  let wall = 0;
  let used = 0;
  const phase = (name: string): void => {
    const [nowWall, nowCpu] = [performance.now(), cpu()];
    phases.push({ name, wallMs: nowWall - wall, cpuMs: nowCpu - used });
    [wall, used] = [nowWall, nowCpu];
  };
  phase('modules');
  const line = (): string =>
    `labdesk start timings: ${phases.map((p) => `${p.name} ${Math.round(p.wallMs)} ms (CPU ${Math.round(p.cpuMs)})`).join(', ')}; ` +
    `total ${Math.round(wall)} ms (CPU ${Math.round(used)})`;
  return { phase, line };
};

export const main = async (): Promise<void> => {
  const timings = startTimings();
  restrictToOwner();
  const config = loadConfig();
  // Filled as start-up proceeds; shutdown closes whatever exists by then.
  const running: {
    lock?: DataDirLock;
    handle?: DbHandle;
    app?: FastifyInstance;
    instance?: HeldSession;
    backups?: { close: () => Promise<void> };
  } = {};

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
      await running.handle?.close();
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

  if (!config.databaseUrl) running.lock = acquireDataDirLock(config.dataDir);
  const handle = (running.handle = await createDb(config, { onFatal }));
  timings.phase('database');
  await migrateToLatest(handle.db);
  timings.phase('migrations');
  let databaseAway = false;
  if (handle.kind === 'postgres') {
    // Several instances may share this database: agree on the token key, and keep this instance's
    // membership (a session lock) across database restarts.
    running.instance = await joinInstances(handle.db, config.jwtSecret, {
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
  restrictTreeToOwner(config.dataDir);
  // The embedded database is this process's: `npm run backup` gets its dump through this socket.
  if (handle.kind === 'pglite')
    running.backups = await serveBackups(handle.db, config.dataDir, (err) =>
      process.stderr.write(`labdesk: backup failed: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  await ensureFirstAdmin(handle.db, config);
  timings.phase('setup');
  const app = (running.app = await buildApp({
    config,
    db: handle.db,
    logger: { level: config.logLevel },
    sync: { schedule: true },
  }));
  timings.phase('app');
  // onReady hooks: the sync scheduler's first look at its entries.
  await app.ready();
  timings.phase('scheduler');
  // A signal during start-up is closing what existed; do not start listening afterwards.
  if (stopping) return;
  await app.listen({ host: '0.0.0.0', port: config.port });
  timings.phase('listen');
  say(
    `labdesk listening on http://localhost:${config.port} (${handle.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'})`,
  );
  if (process.argv.includes('--timings')) say(timings.line());
};

// Errors we expect (bad configuration, data dir in use, …) get one line; anything else its stack.
const EXPECTED = new Set(['ConfigError', 'DataDirInUseError', 'MigrationError', 'UserError']);

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`${message.startsWith('labdesk:') ? message : `labdesk: ${message}`}\n`);
  if (err instanceof Error && !EXPECTED.has(err.name)) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
