// Runs the ordered migrations at start. The import map is static (no folder scan) so the list is
// checked by the compiler and works the same under tsx, vitest and a bundle.
import { Migrator, sql, type Kysely, type Migration, type MigrationResult } from 'kysely';
import * as m0001 from './migrations/0001_schema';
import * as m0002 from './migrations/0002_versions';
import * as m0003 from './migrations/0003_analysis_s_stamp_index';
import * as m0004 from './migrations/0004_sync_file';
import * as m0005 from './migrations/0005_box_versions';
import * as m0006 from './migrations/0006_screen_versions';
import * as m0007 from './migrations/0007_box_positions_version';
import * as m0008 from './migrations/0008_sync_versions';
import * as m0009 from './migrations/0009_instances';
import * as m0010 from './migrations/0010_report_summary';
import * as m0011 from './migrations/0011_change_events';
import * as m0012 from './migrations/0012_audit_change';
import * as m0013 from './migrations/0013_import_lookups';
import * as m0014 from './migrations/0014_report_deferred';
import * as m0015 from './migrations/0015_import_indexes';
import * as m0016 from './migrations/0016_hidden_imports';
import * as m0017 from './migrations/0017_hidden_view_filter';
import * as m0018 from './migrations/0018_show_on_update_hidden_only';
import * as m0019 from './migrations/0019_hidden_suspects';
import * as m0020 from './migrations/0020_own_run_suspects';
import * as m0021 from './migrations/0021_hidden_logs';
import * as m0022 from './migrations/0022_flagged_facts';
import * as m0023 from './migrations/0023_suspects_at_reveal';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_schema': m0001,
  '0002_versions': m0002,
  '0003_analysis_s_stamp_index': m0003,
  '0004_sync_file': m0004,
  '0005_box_versions': m0005,
  '0006_screen_versions': m0006,
  '0007_box_positions_version': m0007,
  '0008_sync_versions': m0008,
  '0009_instances': m0009,
  '0010_report_summary': m0010,
  '0011_change_events': m0011,
  '0012_audit_change': m0012,
  '0013_import_lookups': m0013,
  '0014_report_deferred': m0014,
  '0015_import_indexes': m0015,
  '0016_hidden_imports': m0016,
  '0017_hidden_view_filter': m0017,
  '0018_show_on_update_hidden_only': m0018,
  '0019_hidden_suspects': m0019,
  '0020_own_run_suspects': m0020,
  '0021_hidden_logs': m0021,
  '0022_flagged_facts': m0022,
  '0023_suspects_at_reveal': m0023,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Whether the schema is already the latest: one query of Kysely's migration table, which lists
 * exactly the migrations this version knows, in order. Anything else (no table yet, a migration
 * missing, one this version does not know) is for the Migrator to apply or to refuse. A failed
 * query here runs outside any transaction and leaves nothing behind.
 */
const isCurrent = async <DB>(db: Kysely<DB>): Promise<boolean> => {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    const known = Object.keys(MIGRATIONS).sort();
    return rows.length === known.length && rows.every((row, i) => row.name === known[i]);
  } catch {
    return false;
  }
};

/**
 * Brings the schema to the latest version; returns the names applied now (empty when current).
 * A start on a current schema costs one query: the Migrator's own check introspects the catalog
 * and takes its lock table, some ten statements.
 */
export const migrateToLatest = async <DB>(db: Kysely<DB>): Promise<string[]> => {
  if (await isCurrent(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`database migration ${failed ?? ''} failed: ${reason}`.replace('  ', ' '), { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
