// `npx tsx bench/maintenance.ts <PGlite data dir> [--strip]`: the embedded database's maintenance
// (src/server/db/pglite-maintenance.ts) on a bench database, as a server's first run after its
// start does it: each table's ANALYZE/VACUUM and its time (a view waits at most that long); then
// a second run, with nothing due.
// --strip instead takes the statistics away (pg_statistic's rows, pg_class's row and page counts),
// leaving the database as one never analyzed: what a lab's database filled through imports had
// before, PGlite running no autovacuum.
import { sql } from 'kysely';
import { openPGlite, pgliteDb } from '../src/server/db/create-db';
import { migrateToLatest } from '../src/server/db/migrate';
import { PGliteMaintenance } from '../src/server/db/pglite-maintenance';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/maintenance.ts <PGlite data dir> [--strip]');
const { db, close } = pgliteDb(await openPGlite(dir, 'Europe/Vienna'));
try {
  await migrateToLatest(db);
  if (process.argv.includes('--strip')) {
    await sql`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = current_schema()::regnamespace)`.execute(db);
    await sql`update pg_class set reltuples = -1, relpages = 0, relallvisible = 0
      where relnamespace = current_schema()::regnamespace and relkind = 'r'`.execute(db);
    console.log('statistics removed');
  } else {
    const maintenance = new PGliteMaintenance(db);
    let started = performance.now();
    const steps = await maintenance.run();
    console.table(steps);
    console.log(`maintenance run: ${Math.round(performance.now() - started)} ms, longest step ${Math.max(0, ...steps.map((s) => s.ms))} ms`);
    // What a run costs when nothing is due: the one a write asks for, most of the time.
    started = performance.now();
    const idle = await maintenance.run();
    console.log(`next run: ${Math.round(performance.now() - started)} ms, ${idle.length} tables due`);
  }
} finally {
  await close();
}
