// Lines an instrument appends to a file after it was imported (docs/sync.md). An instrument that
// pauses longer than the settle time gets its file imported and moved to done/ while it still has
// it open, and goes on writing into the moved file. The ledger remembers how many bytes of each
// file were imported and its name in done/; a later run reads what was added since, under the
// file's header line, and imports it in one transaction with the ledger's new size — exactly once.
// A last line that had no line break yet when the file was imported is read again whole (its
// upsert by natural key takes the completed line). Only the latest files done are looked at.
import { actAs, syncActor } from '../events/actor';
import type { Kysely } from 'kysely';
import { join } from 'node:path';
import type { SyncId } from '../../domain/entities/syncEntry';
import { RUN_LOG_FAILURE } from '../../domain/sync';
import type { Database } from '../db/database';
import { appendHwLog } from '../repositories/hw-log';
import { LineError } from './csv';
import { DONE_DIR, openFile } from './files';
import { importRows, printable, WRITE_CHUNK, type FileContext } from './importFile';
import { changedSince, headerRange, lineStartBefore, sniffFile } from './readFile';

/** How many of the latest imported files are watched for appended lines. */
export const TAIL_WATCH = 50;

export interface TailOutcome {
  imported: number;
  failed: number;
  rows: number;
  waiting: number;
}

const setBytes = (db: Kysely<Database>, syncId: SyncId, fileName: string, hash: string, bytes: number, rows = 0) =>
  db
    .updateTable('syncFile')
    .set((eb) => ({ bytesImported: bytes, rowsImported: eb('rowsImported', '+', rows) }))
    .where('syncId', '=', syncId)
    .where('fileName', '=', fileName)
    .where('contentHash', '=', hash)
    .execute();

/** Imports the lines appended to the latest files in done/ since they were imported. */
export const importTails = async (ctx: FileContext): Promise<TailOutcome> => {
  const outcome: TailOutcome = { imported: 0, failed: 0, rows: 0, waiting: 0 };
  const files = await ctx.db
    .selectFrom('syncFile')
    .select(['fileName', 'contentHash', 'doneName', 'bytesImported'])
    .where('syncId', '=', ctx.syncId)
    .where('status', '=', 'DONE')
    .where('doneName', 'is not', null)
    .orderBy('importedAt', 'desc')
    .orderBy('runId', 'desc')
    .limit(TAIL_WATCH)
    .execute();
  for (const f of files) {
    const path = join(ctx.folders.done, f.doneName!);
    const opened = await openFile(path);
    if (opened.kind !== 'open') continue;
    const { handle, stat } = opened;
    try {
      const imported = Number(f.bytesImported);
      if (stat.size <= imported) continue;
      const label = `${DONE_DIR}/${f.doneName}`;
      if (Date.now() - stat.mtimeMs < ctx.settleMs) {
        outcome.waiting += 1;
        ctx.say(`${label}: lines are being appended, read when it is still`);
        continue;
      }
      const ranges = [await headerRange(handle, stat.size), { start: await lineStartBefore(handle, imported), end: stat.size }];
      const sniffed = await sniffFile(handle, ranges);
      try {
        if (sniffed.nul) throw new LineError(1, 'the appended part holds NUL bytes');
        const rows = await ctx.db.transaction().execute(async (trx) => {
          await actAs(trx, syncActor(ctx.syncId));
          const n = await importRows(trx, ctx.importer, handle, ranges, sniffed.encoding, WRITE_CHUNK);
          if (await changedSince(handle, path, stat)) return null;
          await setBytes(trx, ctx.syncId, f.fileName, f.contentHash, stat.size, n);
          await appendHwLog(trx, [
            { level: 'INFO', info: printable(`Sync ${ctx.syncId}: ${label} had lines appended after its import, ${n} row(s) imported`) },
          ]);
          return n;
        });
        if (rows === null) {
          outcome.waiting += 1;
          ctx.say(`${label}: changed while its appended lines were read, read again next run`);
          continue;
        }
        outcome.imported += 1;
        outcome.rows += rows;
        ctx.say(`${label}: lines appended after its import, ${rows} row(s) imported`);
      } catch (err) {
        // The file's first part is imported, so it stays in done/; its appended part is not retried.
        const reason = printable(
          `${label}: the lines appended after its import were refused (${err instanceof Error ? err.message : String(err)}); line numbers count from the header`,
        );
        await ctx.db.transaction().execute(async (trx) => {
          await actAs(trx, syncActor(ctx.syncId));
          await setBytes(trx, ctx.syncId, f.fileName, f.contentHash, stat.size);
          await appendHwLog(trx, [{ level: 'ERROR', info: `Sync ${ctx.syncId}: ${reason}` }]);
        });
        outcome.failed += 1;
        ctx.say(`${RUN_LOG_FAILURE}${reason}`);
      }
    } finally {
      await handle.close();
    }
  }
  return outcome;
};
