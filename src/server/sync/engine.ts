// One run of one sync entry (docs/dev/architecture.md#domain-decisions Synchronization; docs/dev/product-rules.md#behaviour Sync status). Under the
// entry's advisory lock (one run at a time, also across server instances on one PostgreSQL) the
// run checks the entry's folders (no link is followed: files.ts), imports the lines appended to
// files it imported before (tails.ts), then every waiting file of the folder in name order
// (importFile.ts: one transaction per file, a bad file moves to failed/ with its reason and the
// run goes on). Files still being written wait: the run looks again after the settle time, a few
// times, and says in its log which files it left waiting. Status: RUNNING during the run, then
// DONE, or ERROR when a file failed or the run broke; lastSync is stamped at the end; every run
// leaves a sync_run row.
import { actAs, syncActor } from '../events/actor';
import { sql, type Kysely } from 'kysely';
import type { SyncId, SyncStatus } from '../../domain/entities/syncEntry';
import { RUN_LOG_FAILURE, waitingFiles } from '../../domain/sync';
import { tryWithAdvisoryLock, type AdvisoryLock } from '../db/advisory-lock';
import type { Database } from '../db/database';
import { discardRunsOf } from './hiddenRun';
import { appendHwLog } from '../repositories/hw-log';
import { DEFAULT_SETTLE_MS, InboxRefusal, listWaiting, openFolders, type WaitingFile } from './files';
import { brokenFile, importWaitingFile, printable, type FileContext } from './importFile';
import { analysisImporter } from './importers/analysis';
import { boxImporter } from './importers/box';
import { logImporter } from './importers/log';
import { sampleImporter } from './importers/sample';
import type { Importer } from './importers/shared';
import { importTails } from './tails';

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
  /** LAB_SYNC_MAX_FILE_MB in bytes (default 100 MB). */
  maxFileBytes?: number;
  /**
   * The server's own log, which only the administrator reads: refusals of the inbox are said there
   * with the server's paths. The run log and the hardware log, which readers see, name folders
   * relative to the sync source only.
   */
  warn?: (message: string) => void;
  /** Called after a file's records were imported, before it is checked for changes (tests change it here). */
  afterRead?: (name: string) => void | Promise<void>;
}

export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;
/**
 * A run looks again at files still being written (issue 28: a manual start waits for them) up to
 * this many times, and waits no longer than SETTLE_WAIT_MS in all; a file that cannot be still by
 * then is left for the next run, and the run log says so.
 */
export const SETTLE_ROUNDS = 3;
export const SETTLE_WAIT_MS = 10_000;

export interface RunSummary {
  runId: number;
  status: SyncStatus;
  filesDone: number;
  filesFailed: number;
  rowsImported: number;
  /** Files left for the next run: still being written, or changed while they were read. */
  filesWaiting: number;
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
      log: sql<string>`log || ${`${RUN_LOG_FAILURE}interrupted (the server stopped during the run)\n`}`,
    })
    .where('syncId', '=', syncId)
    .where('status', '=', 'RUNNING')
    .execute();
  // Their hidden rows too (a file imported as a hidden run, not shown yet: sync/hiddenRun.ts).
  await discardRunsOf(db, syncId);
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
    filesWaiting: 0,
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
    await runFiles(db, syncId, options, run, say);
    run.status = run.filesFailed > 0 ? 'ERROR' : 'DONE';
  } catch (err) {
    run.status = 'ERROR';
    if (err instanceof InboxRefusal) {
      say(`${RUN_LOG_FAILURE}${err.message}`);
      options.warn?.(`sync ${syncId}: ${err.message} (sync source ${options.source})`);
    } else say(printable(`${RUN_LOG_FAILURE}run broke off: ${err instanceof Error ? err.message : String(err)}`));
  }
  const waiting = run.filesWaiting > 0 ? `; ${waitingFiles(run.filesWaiting)}, read next run` : '';
  say(
    `Sync ${syncId} ${run.status}: ${run.filesDone} file(s) imported, ${run.filesFailed} failed, ${run.rowsImported} row(s)${waiting}`,
  );
  await db.transaction().execute(async (trx) => {
    await actAs(trx, syncActor(syncId));
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
    if (run.filesDone + run.filesFailed + run.filesWaiting > 0 || run.status === 'ERROR') {
      // An inbox refused is said too (relative names only: readers see this log).
      const refusal = run.log.find((l) => / is a link;| leads outside | is not a folder/.test(l));
      await appendHwLog(trx, [
        ...(refusal ? [{ level: 'ERROR', info: `Sync ${syncId}: ${refusal.slice(9 + RUN_LOG_FAILURE.length)}` }] : []),
        { level: run.status === 'ERROR' ? 'ERROR' : 'INFO', info: run.log.at(-1)!.slice(9) },
      ]);
    }
  });
  return run;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The run's work: appended lines first, then the waiting files, looking again at those still written. */
async function runFiles(
  db: Kysely<Database>,
  syncId: SyncId,
  options: SyncOptions,
  run: RunSummary,
  say: (line: string) => void,
): Promise<void> {
  const folders = await openFolders(options.source, syncId);
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  const ctx: FileContext = {
    db,
    syncId,
    folders,
    importer: IMPORTERS[syncId],
    runId: run.runId,
    settleMs,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    say,
    afterRead: options.afterRead,
  };
  const tails = await importTails(ctx);
  run.filesDone += tails.imported;
  run.filesFailed += tails.failed;
  run.rowsImported += tails.rows;
  let waiting: Array<{ file: WaitingFile; readyInMs: number }> = [];
  let waited = 0;
  for (let round = 0; round <= SETTLE_ROUNDS; round++) {
    const names = new Set(waiting.map((w) => w.file.raw.toString('hex')));
    const files = (await listWaiting(folders)).filter((f) => round === 0 || names.has(f.raw.toString('hex')));
    waiting = [];
    for (const file of files) {
      const outcome = await handleOne(ctx, file);
      if (typeof outcome === 'object') waiting.push({ file, readyInMs: outcome.readyInMs });
      else if (outcome === 'failed') run.filesFailed += 1;
      else if (typeof outcome === 'number') {
        run.filesDone += 1;
        run.rowsImported += outcome;
      }
    }
    const pause = Math.max(0, ...waiting.map((w) => w.readyInMs)) + 50;
    if (waiting.length === 0 || round === SETTLE_ROUNDS || waited + pause > SETTLE_WAIT_MS) break;
    say(`${waitingFiles(waiting.length)}, looking again in ${Math.ceil(pause / 1000)} s`);
    await sleep(pause);
    waited += pause;
  }
  const left = waiting.map((w) => w.file);
  for (const file of left) say(`${file.name}: still being written, waits for the next run`);
  run.filesWaiting = left.length + tails.waiting;
}

/** One file; a fault of the server with it (not of the file) is said and leaves it for the next run. */
async function handleOne(
  ctx: FileContext,
  file: WaitingFile,
): Promise<number | 'failed' | { readyInMs: number } | 'other'> {
  try {
    const outcome = await importWaitingFile(ctx, file);
    if (outcome.kind === 'imported') return outcome.rows;
    if (outcome.kind === 'failed') return 'failed';
    if (outcome.kind === 'waiting') {
      if (outcome.why === 'changed') ctx.say(`${file.name}: changed while it was read, not moved; read again`);
      return { readyInMs: outcome.readyInMs };
    }
    return 'other';
  } catch (err) {
    if (err instanceof InboxRefusal) throw err;
    const text = brokenFile(file, err);
    ctx.say(`${RUN_LOG_FAILURE}${text}`);
    await appendHwLog(ctx.db, [{ level: 'ERROR', info: `Sync ${ctx.syncId}: ${text}` }]).catch(() => undefined);
    return 'failed';
  }
}

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
