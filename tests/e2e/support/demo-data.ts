// `node --import tsx tests/e2e/support/demo-data.ts`: fills the e2e data dir (LAB_DATA_DIR) with a
// small, deterministic demo campaign, so that list screens have rows and a 15,000-row page exists.
// It runs between the server's starts (the data-dir lock keeps it off a running server) and after
// the first admin was created, so the fresh-installation path of the global setup stays as it was.
import { generateDemo } from '../../../src/server/demo/generate';
import { loadConfig } from '../../../src/server/config';
import { createDb } from '../../../src/server/db/create-db';
import { acquireDataDirLock } from '../../../src/server/db/lock';
import { migrateToLatest } from '../../../src/server/db/migrate';

/** ~1.1 analyses per sample: a little over 15,000 analyses. */
const E2E_DEMO = {
  samples: 14_000,
  seed: 7,
  campaignStart: '2026-09-01',
  now: '2026-11-20 12:00:00',
} as const;

const config = loadConfig(process.env);
const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
const handle = await createDb(config);
try {
  await migrateToLatest(handle.db);
  const counts = await generateDemo(handle.db, E2E_DEMO);
  console.log(JSON.stringify(counts));
} finally {
  await handle.close();
  lock?.release();
}
