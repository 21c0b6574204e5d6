// The sync entries of the Synchronization page (docs/dev/product-rules.md#records Sync entry, docs/dev/product-rules.md#calls Config): read and change the
// schedule of each entry. Runs themselves are server/sync's.
import { sql, type Kysely } from 'kysely';
import { SYNC_IDS, type SyncEntry, type SyncEntryWrite, type SyncId } from '../../domain/entities/syncEntry';
import { notModified } from '../../domain/messages';
import type { Database } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { versionedUpdate } from '../repositories/versioned';

const columns = ['syncId', 'status', 'lastSync', 'timeInterval', 'unit', 'version'] as const;

type Row = {
  syncId: string;
  status: SyncEntry['status'];
  lastSync: string | null;
  timeInterval: number;
  unit: SyncEntry['unit'];
  version: number;
};

const toEntry = (r: Row): SyncEntry => ({
  syncID: r.syncId as SyncId,
  status: r.status,
  lastSync: r.lastSync,
  timeInterval: r.timeInterval,
  unit: r.unit,
  version: r.version,
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
 * and lastSync belong to the runs and are ignored. An unchanged schedule writes nothing. The entry
 * goes with the version it was read with: a schedule changed by someone else since is 409
 * (docs/dev/architecture.md#api-contract); the version covers the schedule only, so runs do not make a copy stale.
 */
export const updateSyncEntry = async (
  db: Kysely<Database>,
  actor: string,
  id: SyncId,
  body: SyncEntryWrite,
): Promise<SyncEntry> => {
  if (body.syncID !== id) {
    throw new HttpError(400, HTTP_MESSAGES.validation, [`SyncID ${body.syncID} does not match ${id}`]);
  }
  return db.transaction().execute(async (trx) => {
    const { after } = await versionedUpdate(trx, {
      table: 'syncConfig',
      key: { syncId: id },
      version: body.version,
      notFound: syncNotFound(id),
      notModified: notModified('SyncID', id),
      audit: { actor, entity: 'syncConfig', key: id, snapshot: toEntry },
      values: (before) =>
        before.timeInterval === body.timeInterval && before.unit === body.unit
          ? null
          : { timeInterval: body.timeInterval, unit: body.unit, lastModified: sql<string>`localtimestamp(0)` },
    });
    return toEntry(after);
  });
};
