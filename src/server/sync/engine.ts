// One run of one sync entry (ARCHITECTURE §5 Synchronization; spec §4 Sync status). Under the
// entry's advisory lock (one run at a time, also across server instances on one PostgreSQL) the
// run imports every waiting file of the entry's folder in name order. Each file is one transaction:
// its rows, its ledger row (sync_file: name + content hash), its hardware-log line and its audit
// event commit together or not at all. Only after the commit is the file moved to done/; a file the
// ledger already knows (the process died between commit and move) is moved on without importing it
// again. A file with a bad line is refused whole: nothing of it is written, it goes to failed/ with
// '<name>.reason.txt' naming the line. Status: RUNNING during the run, then DONE, or ERROR when a
// file failed or the run broke; lastSync is stamped at the end; every run leaves a sync_run row.
import { sql, type Kysely } from 'kysely';
import type { SyncId, SyncStatus } from '../../domain/entities/syncEntry';
import { tryWithAdvisoryLock, type AdvisoryLock } from '../db/advisory-lock';
import type { Database } from '../db/database';
import { appendHwLog } from '../repositories/hw-log';
import { recordAudit } from '../services/audit';
import { LineError, readCsv } from './csv';
import {
  DEFAULT_SETTLE_MS,
  DONE_DIR,
  ensureFolders,
  FAILED_DIR,
  listWaiting,
  moveTo,
  readSettled,
  type WaitingFile,
} from './files';
import { analysisImporter } from './importers/analysis';
import { boxImporter } from './importers/box';
import { logImporter } from './importers/log';
import { sampleImporter } from './importers/sample';
import type { Importer } from './importers/shared';

export const IMPORTERS: Record<SyncId, Importer<unknown>> = {
  Analysis: analysisImporter as Importer<unknown>,
  Sample: sampleImporter as Importer<unknown>,
  Box: boxImporter as Importer<unknown>,
  Log: logImporter as Importer<unknown>,
};

const LOCKS: Record<SyncId, AdvisoryLock> = {
  Analysis: 'syncAnalysis',
  Sample: 'syncSample',
  Box: 'syncBox',
  Log: 'syncLog',
};

export interface SyncOptions {
  /** LAB_SYNC_SOURCE. */
  source: string;
  /** How long a file must be unchanged before it is read (default 3 s). */
  settleMs?: number;
  /** LAB_TIMEZONE: the run log's clock. */
  timezone?: string;
}

export interface RunSummary {
  runId: number;
  status: SyncStatus;
  filesDone: number;
  filesFailed: number;
  rowsImported: number;
  log: string[];
}

export type RunOutcome = { ran: true; run: RunSummary } | { ran: false };

/**
 * Runs the entry unless a run of it is going on already (here or on another instance): then it
 * answers `{ ran: false }` at once. `onStarted` is told once the entry shows RUNNING.
 */
export const runSync = (
  db: Kysely<Database>,
  syncId: SyncId,
  options: SyncOptions,
  onStarted?: () => void,
): Promise<RunOutcome> =>
  tryWithAdvisoryLock(db, LOCKS[syncId], (locked) => runLocked(locked, syncId, options, onStarted)).then(
    (r) => (r.ran ? { ran: true, run: r.value } : { ran: false }),
  );

const stamp = () => sql<string>`localtimestamp(0)`;

async function runLocked(
  db: Kysely<Database>,
  syncId: SyncId,
  options: SyncOptions,
  onStarted?: () => void,
): Promise<RunSummary> {
  // Runs left RUNNING by a process that died: we hold the entry's lock, so none of them still runs.
  await db
    .updateTable('syncRun')
    .set({
      status: 'ERROR',
      finishedAt: stamp(),
      log: sql<string>`log || ${'interrupted (the server stopped during the run)\n'}`,
    })
    .where('syncId', '=', syncId)
    .where('status', '=', 'RUNNING')
    .execute();
  await db.updateTable('syncConfig').set({ status: 'RUNNING' }).where('syncId', '=', syncId).execute();
  const { id: runId } = await db
    .insertInto('syncRun')
    .values({ syncId, startedAt: stamp(), status: 'RUNNING' })
    .returning('id')
    .executeTakeFirstOrThrow();
  onStarted?.();
  const run: RunSummary = {
    runId,
    status: 'RUNNING',
    filesDone: 0,
    filesFailed: 0,
    rowsImported: 0,
    log: [],
  };
  const clock = new Intl.DateTimeFormat('de-AT', {
    timeZone: options.timezone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  const say = (line: string) => run.log.push(`${clock.format(new Date())} ${line}`);
  say(`Sync ${syncId} started (run ${runId})`);
  try {
    const dir = await ensureFolders(options.source, syncId);
    for (const file of await listWaiting(dir)) {
      await handleFile(db, syncId, dir, file, options.settleMs ?? DEFAULT_SETTLE_MS, run, say);
    }
    run.status = run.filesFailed > 0 ? 'ERROR' : 'DONE';
  } catch (err) {
    run.status = 'ERROR';
    say(`run broke off: ${err instanceof Error ? err.message : String(err)}`);
  }
  say(
    `Sync ${syncId} ${run.status}: ${run.filesDone} file(s) imported, ${run.filesFailed} failed, ${run.rowsImported} row(s)`,
  );
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('syncRun')
      .set({
        status: run.status,
        finishedAt: stamp(),
        filesDone: run.filesDone,
        filesFailed: run.filesFailed,
        rowsImported: run.rowsImported,
        log: `${run.log.join('\n')}\n`,
      })
      .where('id', '=', runId)
      .execute();
    await trx
      .updateTable('syncConfig')
      .set({ status: run.status, lastSync: stamp() })
      .where('syncId', '=', syncId)
      .execute();
    // One line per run in the hardware log; a run that found nothing to do is not worth one.
    if (run.filesDone + run.filesFailed > 0 || run.status === 'ERROR') {
      await appendHwLog(trx, [
        { level: run.status === 'ERROR' ? 'ERROR' : 'INFO', info: run.log.at(-1)!.slice(9) },
      ]);
    }
  });
  return run;
}

async function handleFile(
  db: Kysely<Database>,
  syncId: SyncId,
  dir: string,
  file: WaitingFile,
  settleMs: number,
  run: RunSummary,
  say: (line: string) => void,
): Promise<void> {
  const read = await readSettled(file.path, settleMs);
  if (!read) {
    say(`${file.name}: still being written, waits for the next run`);
    return;
  }
  const known = await db
    .selectFrom('syncFile')
    .select(['status', 'reason'])
    .where('syncId', '=', syncId)
    .where('fileName', '=', file.name)
    .where('contentHash', '=', read.hash)
    .executeTakeFirst();
  if (known) {
    // Imported (or refused) before the process died, not moved yet: move it now, import nothing.
    const failed = known.status === 'FAILED';
    await moveTo(
      dir,
      failed ? FAILED_DIR : DONE_DIR,
      file,
      read.hash,
      failed ? (known.reason ?? '') : undefined,
    );
    say(
      `${file.name}: already ${failed ? 'refused' : 'imported'} earlier, moved to ${failed ? FAILED_DIR : DONE_DIR}/`,
    );
    return;
  }
  const importer = IMPORTERS[syncId];
  let rows: number;
  try {
    const { columns, records } = readCsv(read.text, importer.columns, importer.required);
    const parsed = await importer.parse(records, columns);
    rows = await db.transaction().execute(async (trx) => {
      const n = await importer.write(trx, parsed);
      await trx
        .insertInto('syncFile')
        .values({
          syncId,
          fileName: file.name,
          contentHash: read.hash,
          status: 'DONE',
          rowsImported: n,
          runId: run.runId,
        })
        .execute();
      await appendHwLog(trx, [{ level: 'INFO', info: `Sync ${syncId}: ${file.name} imported, ${n} row(s)` }]);
      await recordAudit(trx, {
        actor: 'sync',
        action: 'create',
        entity: 'syncFile',
        key: `${syncId}/${file.name}`,
        after: { rows: n, contentHash: read.hash },
      });
      return n;
    });
  } catch (err) {
    const reason = `${file.name}: ${reasonOf(err)}`;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('syncFile')
        .values({
          syncId,
          fileName: file.name,
          contentHash: read.hash,
          status: 'FAILED',
          reason,
          runId: run.runId,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await appendHwLog(trx, [{ level: 'ERROR', info: `Sync ${syncId}: ${reason}` }]);
    });
    await moveTo(dir, FAILED_DIR, file, read.hash, reason);
    run.filesFailed += 1;
    say(`${reason} — moved to ${FAILED_DIR}/, nothing of it imported`);
    return;
  }
  await moveTo(dir, DONE_DIR, file, read.hash);
  run.filesDone += 1;
  run.rowsImported += rows;
  say(`${file.name}: ${rows} row(s) imported, moved to ${DONE_DIR}/`);
}

/** The reason file's text: the line and what is wrong with it, or what the database refused. */
const reasonOf = (err: unknown): string => {
  if (err instanceof LineError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  return `the database refused the file (${message})`;
};

// ---- reading -----------------------------------------------------------------------------------

/** The run logs of an entry, newest first (GET /config/sync/logs/{syncID}). */
export const runLogText = async (db: Kysely<Database>, syncId: SyncId, runs = 20): Promise<string> => {
  const rows = await db
    .selectFrom('syncRun')
    .select(['id', 'startedAt', 'finishedAt', 'status', 'filesDone', 'filesFailed', 'rowsImported', 'log'])
    .where('syncId', '=', syncId)
    .orderBy('id', 'desc')
    .limit(runs)
    .execute();
  if (rows.length === 0) return `No run of ${syncId} yet.\n`;
  return rows
    .map(
      (r) =>
        `=== Run ${r.id} of ${syncId}: ${r.status}, started ${r.startedAt}, finished ${r.finishedAt ?? '-'}; ` +
        `${r.filesDone} file(s) imported, ${r.filesFailed} failed, ${r.rowsImported} row(s)\n${r.log}`,
    )
    .join('\n');
};
