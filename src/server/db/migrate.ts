// Runs the ordered migrations at start. The import map is static (no folder scan) so the list is
// checked by the compiler and works the same under tsx, vitest and a bundle.
import { Migrator, type Kysely, type Migration, type MigrationResult } from 'kysely';
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
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema to the latest version; returns the names applied now (empty when current). */
export const migrateToLatest = async <DB>(db: Kysely<DB>): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`database migration ${failed ?? ''} failed: ${reason}`.replace('  ', ' '), { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
