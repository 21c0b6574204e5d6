// Starts the server (launch.ts) and ends the process with one line when it cannot. This entry is
// small on purpose: the server's modules load only once the embedded database's thread is started.
import { launch } from './launch';

// Errors we expect (bad configuration, data dir in use, …) get one line; anything else its stack.
const EXPECTED = new Set(['ConfigError', 'DataDirInUseError', 'MigrationError', 'UserError']);

launch().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`${message.startsWith('labdesk:') ? message : `labdesk: ${message}`}\n`);
  if (err instanceof Error && !EXPECTED.has(err.name)) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
