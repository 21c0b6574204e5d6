// The server's start, as main.ts runs it: before the server's modules load, it takes the data dir's
// lock and starts the embedded database in its own thread (db/pglite-thread.ts), so that PGlite's
// boot — about a second of CPU — runs on another core while this thread loads the server and
// builds the app (serve.ts). On PostgreSQL there is nothing to start early. A test that must stop a
// real server process at a chosen point (kill -9 inside a sync file's transaction) runs this with
// hooks (tests/server/support/holding-server.ts); main.ts runs it without.
import { join } from 'node:path';
import { loadConfig, restrictToOwner } from './config';
import { PGLITE_SUBDIR } from './db/open-pglite';
import { startPGliteThread } from './db/pglite-thread';
import { acquireDataDirLock } from './db/lock';
import type { EmbeddedStart, ServeHooks } from './serve';
import { startTimings } from './start-timings';

export const launch = async (hooks: ServeHooks = {}): Promise<void> => {
  const timings = startTimings();
  restrictToOwner();
  const config = loadConfig();
  let embedded: EmbeddedStart | undefined;
  if (!config.databaseUrl) {
    const lock = acquireDataDirLock(config.dataDir);
    const thread = startPGliteThread({ dataDir: join(config.dataDir, PGLITE_SUBDIR), timezone: config.timezone });
    embedded = { lock, thread };
  }
  timings.phase('entry');
  const { serve } = await import('./serve');
  timings.phase('imports');
  await serve(config, timings, embedded, hooks);
};
