// Starts the server. This entry is small on purpose: before the server's modules load, it takes
// the data dir's lock and starts the embedded database in its own thread (db/pglite-thread.ts), so
// that PGlite's boot — about a second of CPU — runs on another core while this thread loads the
// server and builds the app (serve.ts). On PostgreSQL there is nothing to start early.
import { join } from 'node:path';
import { loadConfig, restrictToOwner } from './config';
import { PGLITE_SUBDIR } from './db/open-pglite';
import { startPGliteThread } from './db/pglite-thread';
import { acquireDataDirLock } from './db/lock';
import type { EmbeddedStart } from './serve';
import { startTimings } from './start-timings';

const main = async (): Promise<void> => {
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
  await serve(config, timings, embedded);
};

// Errors we expect (bad configuration, data dir in use, …) get one line; anything else its stack.
const EXPECTED = new Set(['ConfigError', 'DataDirInUseError', 'MigrationError', 'UserError']);

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`${message.startsWith('labdesk:') ? message : `labdesk: ${message}`}\n`);
  if (err instanceof Error && !EXPECTED.has(err.name)) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
