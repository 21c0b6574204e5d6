// Prepares ONE template data dir for the whole run; every Playwright worker then starts its own
// server on a copy of it (support/fixtures.ts, `labServer`), so workers never share a database and
// the demo campaign is generated once, not once per worker:
//  1. first start with LAB_ADMIN_EMAIL/LAB_ADMIN_PASSWORD: the server creates the first admin
//     (the path a fresh installation takes), then stops;
//  2. the user CLI adds the reader account (it refuses while a server holds the data dir);
//  3. a small deterministic demo campaign (support/demo-data.ts, ~15,400 analyses) is loaded.
// The first admin is only created when no account exists yet, so the reader cannot be added before
// the very first start. The returned function is Playwright's global teardown.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS, ENV_TEMPLATE_DIR } from './support/env';
import { LOG_DIR, freePort, loadDemoData, runUserCli, serverEnv, startServer } from './support/server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) {
    throw new Error('dist/ is not built: run `npm run test:e2e`, which builds it, or `npm run build` first.');
  }
  const templateDir = mkdtempSync(join(tmpdir(), 'labdesk-e2e-template-'));
  mkdirSync(LOG_DIR, { recursive: true });
  for (const old of readdirSync(LOG_DIR).filter((f) => /^e2e-server.*\.log$/.test(f)))
    rmSync(join(LOG_DIR, old), { force: true });
  const logFile = join(LOG_DIR, 'e2e-server-setup.log');

  const env = serverEnv(templateDir, await freePort(), {
    LAB_ADMIN_EMAIL: ACCOUNTS.admin.email,
    LAB_ADMIN_PASSWORD: ACCOUNTS.admin.password,
  });
  const first = await startServer(env, logFile);
  await first.stop();
  await runUserCli(['add', ACCOUNTS.reader.email, '--role', 'reader'], `${ACCOUNTS.reader.password}\n`, env);
  await loadDemoData(env);
  process.env[ENV_TEMPLATE_DIR] = templateDir;

  return async () => {
    rmSync(templateDir, { recursive: true, force: true });
  };
}
