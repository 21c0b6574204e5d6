// One server for the whole run, on a FRESH data dir and a free port:
//  1. first start with LAB_ADMIN_EMAIL/LAB_ADMIN_PASSWORD: the server creates the first admin
//     (the path a fresh installation takes), then stops;
//  2. the user CLI adds the reader account (it refuses while a server holds the data dir);
//  3. a small deterministic demo campaign (support/demo-data.ts, ~15,400 analyses) is loaded;
//  4. the server starts again on the same data dir, which the tests use.
// The first admin is only created when no account exists yet, so the reader cannot be added before
// the very first start. The returned function is Playwright's global teardown.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ACCOUNTS, ENV_BASE_URL } from './support/env';
import { freePort, loadDemoData, runUserCli, startServer } from './support/server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) {
    throw new Error('dist/ is not built: run `npm run test:e2e`, which builds it, or `npm run build` first.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-e2e-'));
  const logDir = resolve('test-results');
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, 'e2e-server.log');
  rmSync(logFile, { force: true });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LAB_DATA_DIR: dataDir,
    LAB_PORT: String(await freePort()),
    LAB_ADMIN_EMAIL: ACCOUNTS.admin.email,
    LAB_ADMIN_PASSWORD: ACCOUNTS.admin.password,
    // The tests' own database, never a PostgreSQL the environment may point at.
    DATABASE_URL: '',
  };

  const first = await startServer(env, logFile);
  await first.stop();
  await runUserCli(['add', ACCOUNTS.reader.email, '--role', 'reader'], `${ACCOUNTS.reader.password}\n`, env);
  await loadDemoData(env);
  const server = await startServer(env, logFile);
  process.env[ENV_BASE_URL] = server.url;

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
