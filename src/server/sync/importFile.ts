// One waiting file of a sync run (engine.ts), from the inbox to done/ or failed/. The file is one
// transaction: its rows, its ledger row (sync_file: name, content hash, the bytes taken and its
// name in done/), its hardware-log line and its audit event commit together or not at all. Only
// after the commit is the file moved to done/; a file the ledger already knows (the process died
// between commit and move) is moved on without importing it again.
//
// Whatever goes wrong with one file stays with that file (issue 29): a link, a name that is not
// UTF-8, a file too large, NUL bytes, a bad line, a refusal of the database — the file moves to
// failed/ with a reason file and the run goes on. A file that changed while it was read (size,
// time or inode differ afterwards) is not imported: it is read again (the upsert by natural key
// makes that safe).
import { actAs, syncActor } from '../events/actor';
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { SyncId } from '../../domain/entities/syncEntry';
import { CONTROL_CHARACTER_PATTERN } from '../../domain/rules/fields';
import { RUN_LOG_FAILURE } from '../../domain/sync';
import { isPGlite } from '../db/create-db';
import type { Database } from '../db/database';
import { beginHiddenRun, discardRun, forgetPrepared, ImportPacer, revealRun } from './hiddenRun';
import { appendHwLog } from '../repositories/hw-log';
import { recordAudit } from '../services/audit';
import { deferReportSummary } from '../services/report-defer';
import { LineError, openRecords } from './csv';
import { DONE_DIR, FAILED_DIR, freeName, moveTo, nameHash, openFile, type EntryFolders, type WaitingFile } from './files';
import type { HiddenImporter, Importer } from './importers/shared';
import { changedSince, fileRows, sniffFile, type ByteRange } from './readFile';

/** What a run needs to handle its files. */
export interface FileContext {
  db: Kysely<Database>;
  syncId: SyncId;
  folders: EntryFolders;
  importer: Importer<unknown>;
  runId: number;
  settleMs: number;
  maxFileBytes: number;
  say: (line: string) => void;
  afterRead?: (name: string) => void | Promise<void>;
}

export type FileOutcome =
  | { kind: 'imported'; rows: number }
  | { kind: 'failed' }
  | { kind: 'moved' }
  /** Still being written: it may be still in `readyInMs` (the settle time after its last change). */
  | { kind: 'waiting'; why: 'young' | 'changed'; readyInMs: number }
  | { kind: 'gone' };

/** Not read this time: it changed while it was read. */
class ChangedWhileRead extends Error {
  override name = 'ChangedWhileRead';
}

const CONTROLS = new RegExp(CONTROL_CHARACTER_PATTERN.source.replace('[', '[\\n\\r'), 'g');
/** Text for the database and the reason file: no control character (NUL cannot be stored at all). */
export const printable = (text: string): string => text.replace(CONTROLS, ' ');

export const megabytes = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The reason file's text: the line and what is wrong with it, or what the database refused. */
const reasonOf = (err: unknown): string => {
  if (err instanceof LineError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  return `the database refused the file (${message})`;
};

/**
 * Imports checked lines as they stream in, CHUNK at a time (a whole-file kind at the end); a kind that
 * stages its chunks writes them at `finish`, in one set-based statement per table. The report summary
 * of what the file touched is recomputed once, at the transaction's commit.
 */
export const importRows = async (
  trx: Kysely<Database>,
  importer: Importer<unknown>,
  handle: FileHandle,
  ranges: readonly ByteRange[],
  encoding: 'utf-8' | 'windows-1252',
  chunk: number,
): Promise<number> => {
  await deferReportSummary(trx);
  const { columns, records } = await openRecords(fileRows(handle, ranges, encoding), importer.columns, importer.required);
  let lines: unknown[] = [];
  let rows = 0;
  // The chunk being written while the next is read and checked: the database takes a chunk (a
  // COPY) on its own core meanwhile. One at a time, so memory holds two chunks.
  let writing: Promise<number> | undefined;
  try {
    for await (const batch of records) {
      for (const record of batch) lines.push(importer.line(record));
      if (!importer.wholeFile && lines.length >= chunk) {
        rows += (await writing) ?? 0;
        writing = importer.write(trx, lines, columns);
        // Handled when awaited, below; until then a failure must not count as unhandled.
        writing.catch(() => undefined);
        lines = [];
      }
    }
    rows += (await writing) ?? 0;
    writing = undefined;
  } catch (err) {
    // The chunk in flight was sent before the bad line was read: its failure, if any, is the file's
    // reason, as when each chunk was written before the next was read.
    await writing;
    throw err;
  }
  if (lines.length > 0) rows += await importer.write(trx, lines, columns);
  return importer.finish ? importer.finish(trx, columns) : rows;
};

export const WRITE_CHUNK = 5000;

/** Moves a file aside with its reason, records it and says so. */
const refuse = async (ctx: FileContext, file: WaitingFile, hash: string, reason: string): Promise<FileOutcome> => {
  const text = printable(`${file.name}: ${reason}`);
  await ctx.db.transaction().execute(async (trx) => {
    await actAs(trx, syncActor(ctx.syncId));
    await trx
      .insertInto('syncFile')
      .values({
        syncId: ctx.syncId,
        fileName: printable(file.name),
        contentHash: hash,
        status: 'FAILED',
        reason: text,
        runId: ctx.runId,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await appendHwLog(trx, [{ level: 'ERROR', info: `Sync ${ctx.syncId}: ${text}` }]);
  });
  const moved = await moveTo(ctx.folders, FAILED_DIR, file, hash, text);
  ctx.say(
    moved
      ? `${RUN_LOG_FAILURE}${text} — moved to ${FAILED_DIR}/${moved.name === file.name ? '' : moved.name}, nothing of it imported`
      : `${text} — gone meanwhile`,
  );
  return moved ? { kind: 'failed' } : { kind: 'gone' };
};

/** Handles one waiting file; never throws for what is wrong with the file itself. */
export const importWaitingFile = async (ctx: FileContext, file: WaitingFile): Promise<FileOutcome> => {
  if (file.problem === 'link') return refuse(ctx, file, nameHash(file.raw), 'the file is a link; links are not read');
  if (file.problem === 'name')
    return refuse(ctx, file, nameHash(file.raw), 'the file name is not UTF-8 text (the bytes that are not are shown as _)');
  const opened = await openFile(file.path);
  if (opened.kind === 'gone') return { kind: 'gone' };
  if (opened.kind === 'refused') return refuse(ctx, file, nameHash(file.raw), opened.reason);
  const { handle, stat } = opened;
  try {
    return await importOpen(ctx, file, handle, stat);
  } finally {
    await handle.close();
  }
};

async function importOpen(ctx: FileContext, file: WaitingFile, handle: FileHandle, stat: Stats): Promise<FileOutcome> {
  const age = Date.now() - stat.mtimeMs;
  if (age < ctx.settleMs) return { kind: 'waiting', why: 'young', readyInMs: ctx.settleMs - age };
  if (stat.size > ctx.maxFileBytes) {
    return refuse(
      ctx,
      file,
      nameHash(file.raw),
      `the file has ${megabytes(stat.size)}, more than the ${megabytes(ctx.maxFileBytes)} a sync file may have (LAB_SYNC_MAX_FILE_MB); split it into smaller files`,
    );
  }
  const ranges = [{ start: 0, end: stat.size }];
  const sniffed = await sniffFile(handle, ranges);
  if (await changedSince(handle, file.path, stat)) return { kind: 'waiting', why: 'changed', readyInMs: ctx.settleMs };
  if (sniffed.nul) {
    return refuse(
      ctx,
      file,
      sniffed.hash,
      'the file holds NUL bytes, so it is not UTF-8 or Windows-1252 text (UTF-16?); save it as UTF-8',
    );
  }
  const known = await ctx.db
    .selectFrom('syncFile')
    .select(['status', 'reason'])
    .where('syncId', '=', ctx.syncId)
    .where('fileName', '=', file.name)
    .where('contentHash', '=', sniffed.hash)
    .executeTakeFirst();
  if (known) {
    // Imported (or refused) before the process died, not moved yet: move it now, import nothing.
    const failed = known.status === 'FAILED';
    const moved = await moveTo(ctx.folders, failed ? FAILED_DIR : DONE_DIR, file, sniffed.hash, failed ? (known.reason ?? '') : undefined);
    if (moved && !failed) await recordDoneName(ctx, file.name, sniffed.hash, moved.name);
    ctx.say(`${file.name}: already ${failed ? 'refused' : 'imported'} earlier, moved to ${failed ? FAILED_DIR : DONE_DIR}/`);
    return { kind: 'moved' };
  }
  const doneName = await freeName(ctx.folders.done, file.name, sniffed.hash);
  let rows: number;
  try {
    const hidden = ctx.importer.hidden && (await isPGlite(ctx.db)) ? ctx.importer.hidden : undefined;
    const read: ReadFile = { file, handle, stat, ranges, sniffed, doneName };
    rows = hidden ? await importHidden(ctx, hidden, read) : await importInOne(ctx, read);
  } catch (err) {
    if (err instanceof ChangedWhileRead) return { kind: 'waiting', why: 'changed', readyInMs: ctx.settleMs };
    return refuse(ctx, file, sniffed.hash, reasonOf(err));
  }
  const moved = await moveTo(ctx.folders, DONE_DIR, file, sniffed.hash);
  if (moved && moved.name !== doneName) await recordDoneName(ctx, file.name, sniffed.hash, moved.name);
  ctx.say(`${file.name}: ${rows} row(s) imported, moved to ${DONE_DIR}/`);
  return { kind: 'imported', rows };
}

/** A waiting file as importOpen has read it so far. */
interface ReadFile {
  file: WaitingFile;
  handle: FileHandle;
  stat: Stats;
  ranges: ByteRange[];
  sniffed: { hash: string; encoding: 'utf-8' | 'windows-1252' };
  doneName: string;
}

/** The file in one transaction (PostgreSQL, where a view reads its own snapshot meanwhile, and the kinds without a hidden way). */
const importInOne = (ctx: FileContext, read: ReadFile): Promise<number> =>
  ctx.db.transaction().execute(async (trx) => {
    await actAs(trx, syncActor(ctx.syncId));
    const n = await importRows(trx, ctx.importer, read.handle, read.ranges, read.sniffed.encoding, WRITE_CHUNK);
    await ctx.afterRead?.(read.file.name);
    if (await changedSince(read.handle, read.file.path, read.stat)) throw new ChangedWhileRead();
    await recordImported(trx, ctx, read, n);
    return n;
  });

/**
 * The file as a hidden run (sync/hiddenRun.ts; PGlite, whose one session a transaction of the whole
 * file would hold): its lines checked and staged, its new rows written in short transactions that
 * no read sees, then shown in one short transaction with its ledger row, log line and audit event.
 * Whatever fails before that commit deletes the run's rows; so does the entry's next run for a run
 * whose process died (engine.ts).
 */
async function importHidden(ctx: FileContext, hidden: HiddenImporter<unknown>, read: ReadFile): Promise<number> {
  const run = await beginHiddenRun(ctx.db, ctx.syncId);
  try {
    const { columns, records } = await openRecords(
      fileRows(read.handle, read.ranges, read.sniffed.encoding),
      ctx.importer.columns,
      ctx.importer.required,
    );
    const pacer = new ImportPacer(ctx.db);
    let lines: unknown[] = [];
    for await (const batch of records) {
      for (const record of batch) lines.push(ctx.importer.line(record));
      if (lines.length >= WRITE_CHUNK) {
        const chunk = lines;
        await pacer.step((trx) => hidden.stage(trx, run, chunk), false);
        lines = [];
      }
    }
    const last = lines;
    await pacer.step((trx) => hidden.stage(trx, run, last), false);
    await hidden.write(ctx.db, run, columns, pacer);
    await ctx.afterRead?.(read.file.name);
    if (await changedSince(read.handle, read.file.path, read.stat)) throw new ChangedWhileRead();
    return await ctx.db.transaction().execute(async (trx) => {
      await actAs(trx, syncActor(ctx.syncId));
      const n = await hidden.finish(trx, run, columns);
      await revealRun(trx, run);
      await recordImported(trx, ctx, read, n);
      return n;
    });
  } catch (err) {
    // Not shown: its rows go. Should that fail too, the entry's next run deletes them.
    await discardRun(ctx.db, run).catch(() => undefined);
    throw err;
  } finally {
    await hidden.drop(ctx.db, run).catch(() => undefined);
    await forgetPrepared(ctx.db, run).catch(() => undefined);
  }
}

/** The imported file's ledger row, hardware-log line and audit event, in its transaction. */
const recordImported = async (trx: Kysely<Database>, ctx: FileContext, read: ReadFile, n: number): Promise<void> => {
  await trx
    .insertInto('syncFile')
    .values({
      syncId: ctx.syncId,
      fileName: read.file.name,
      contentHash: read.sniffed.hash,
      status: 'DONE',
      rowsImported: n,
      runId: ctx.runId,
      bytesImported: read.stat.size,
      doneName: read.doneName,
    })
    .execute();
  await appendHwLog(trx, [{ level: 'INFO', info: `Sync ${ctx.syncId}: ${read.file.name} imported, ${n} row(s)` }]);
  await recordAudit(trx, {
    actor: 'sync',
    action: 'create',
    entity: 'syncFile',
    key: `${ctx.syncId}/${read.file.name}`,
    after: { rows: n, contentHash: read.sniffed.hash },
  });
};

const recordDoneName = (ctx: FileContext, fileName: string, hash: string, doneName: string) =>
  ctx.db
    .updateTable('syncFile')
    .set({ doneName })
    .where('syncId', '=', ctx.syncId)
    .where('fileName', '=', fileName)
    .where('contentHash', '=', hash)
    .execute();

/** The hardware log's and run log's text of a file that could not be handled at all (a server fault). */
export const brokenFile = (file: WaitingFile, err: unknown): string =>
  printable(`${file.name}: could not be handled (${err instanceof Error ? err.message : String(err)}); it stays for the next run`);
