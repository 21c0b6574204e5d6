// The sync entries of the Synchronization page (spec §3 Sync entry, §7 Config): read and change the
// schedule of each entry. Runs themselves are server/sync's.
import { sql, type Kysely } from 'kysely';
import { SYNC_IDS, type SyncEntry, type SyncId } from '../../domain/entities/syncEntry';
import type { Database } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { recordAudit } from './audit';

const columns = ['syncId', 'status', 'lastSync', 'timeInterval', 'unit'] as const;

type Row = { syncId: string; status: SyncEntry['status']; lastSync: string | null; timeInterval: number; unit: SyncEntry['unit'] };

const toEntry = (r: Row): SyncEntry => ({
  syncID: r.syncId as SyncId,
  status: r.status,
  lastSync: r.lastSync,
  timeInterval: r.timeInterval,
  unit: r.unit,
});

export const syncNotFound = (id: string): string => `Error occurred, SyncID#${id} was not found!`;

/** The entries in the spec's order: Analysis, Sample, Box, Log. */
export const listSyncEntries = async (db: Kysely<Database>): Promise<SyncEntry[]> => {
  const rows = await db.selectFrom('syncConfig').select(columns).execute();
  return rows
    .map(toEntry)
    .sort((a, b) => SYNC_IDS.indexOf(a.syncID) - SYNC_IDS.indexOf(b.syncID));
};

export const getSyncEntry = async (db: Kysely<Database>, id: SyncId): Promise<SyncEntry> => {
  const row = await db.selectFrom('syncConfig').select(columns).where('syncId', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, syncNotFound(id));
  return toEntry(row);
};

/**
 * PUT /config/sync/{syncID}: only the schedule (timeInterval, unit) is the user's to change; status
 * and lastSync belong to the runs and are ignored. An unchanged schedule writes nothing.
 */
export const updateSyncEntry = async (
  db: Kysely<Database>,
  actor: string,
  id: SyncId,
  body: SyncEntry,
): Promise<SyncEntry> => {
  if (body.syncID !== id) {
    throw new HttpError(400, HTTP_MESSAGES.validation, [`SyncID ${body.syncID} does not match ${id}`]);
  }
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('syncConfig')
      .select(columns)
      .where('syncId', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new HttpError(404, syncNotFound(id));
    if (before.timeInterval === body.timeInterval && before.unit === body.unit) return toEntry(before);
    const after = await trx
      .updateTable('syncConfig')
      .set({ timeInterval: body.timeInterval, unit: body.unit, lastModified: sql<string>`localtimestamp(0)` })
      .where('syncId', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: 'update',
      entity: 'syncConfig',
      key: id,
      before: toEntry(before),
      after: toEntry(after),
    });
    return toEntry(after);
  });
};
