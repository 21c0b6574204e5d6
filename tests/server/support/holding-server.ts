// The real server process (src/server/launch.ts, as main.ts starts it), except that a sync file
// stops once its rows are written and before they are committed (PostgreSQL: its one transaction)
// or shown (PGlite: its hidden run, sync/hiddenRun.ts): it says so by creating the
// file named by HOLD_MARKER, then waits until the process is killed. sync-crash.test.ts uses it to
// kill -9 the server at a known point inside the transaction, instead of guessing the point from
// how long a request waits (on the embedded database that guess once missed the whole import).
import { writeFileSync } from 'node:fs';
import { launch } from '../../../src/server/launch';

const marker = process.env['HOLD_MARKER'];
if (!marker) throw new Error('HOLD_MARKER names the file to create when the sync file is held');

launch({
  syncAfterRead: async (name) => {
    writeFileSync(marker, name);
    await new Promise<never>(() => undefined);
  },
}).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
