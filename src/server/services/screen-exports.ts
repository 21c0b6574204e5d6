// The exports of one screen (docs/dev/product-rules.md#calls GET /screens/{scrId}/export/{xlsx|zft}, docs/dev/architecture.md#domain-decisions): the
// screen's items with the latest analysis of each item's sample — XLSX for everyone, ZFT in the
// Analysis ZFT's record layout under the SAP/ZFT rule (admins; rows flagged X left out; the
// exported analyses flagged X with dateExported in the same transaction as the file is written).
// Both reuse the list exports' writers, columns and flagging, so the layouts are written once.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { ANALYSIS_REGISTRY } from '../../domain/columns/analysis';
import { SCREEN_ITEMS_REGISTRY } from '../../domain/columns/screens';
import { NO_DOWNLOAD, notFetched } from '../../domain/messages';
import { withAdvisoryLock } from '../db/advisory-lock';
import type { Database } from '../db/database';
import { columnSet, exportColumns, resolveColumns, type ExportColumn } from '../exports/columns';
import { recordWriter, xlsxWriter } from '../exports/formats';
import { markAnalysesExported, ZFT_LAYOUT } from './analysis-exports';
import type { Cells } from '../exports/queries';
import { analysisRecordsWhere, decodeAnalysis, NOT_EXPORTED } from '../repositories/analysis-export';
import { HttpError } from '../http/errors';
import { ANALYSIS_FIELDS } from '../repositories/analysis';
import { ITEM_STAMP, SCREEN_ITEM_FIELDS } from '../repositories/screens';

/** The analysis values an item row carries, after SampleID, SampleTime and ItemName. */
const ANALYSIS_VALUES = ['aId', 'pol', 'nat', 'kal', 'an', 'glu', 'dry', 'aFlags', 'dateIn', 'dateOut'];

export const SCREEN_XLSX_COLUMNS: readonly ExportColumn<never>[] = [
  ...exportColumns(SCREEN_ITEMS_REGISTRY as never, SCREEN_ITEM_FIELDS),
  ...resolveColumns<never>(columnSet(ANALYSIS_REGISTRY as never, ANALYSIS_FIELDS), ANALYSIS_VALUES),
];

/** The newest analysis of the item's sample (its stamp, or any stamp of the sId while it has none). */
const LATEST_ANALYSIS = sql.raw(`left join lateral (
    select * from analysis a where a.s_id = si.s_id and (si.s_stamp is null or a.s_stamp = si.s_stamp)
    order by a.a_id desc limit 1) a on true`);

const itemsOf = (scrId: number) =>
  sql`(select si.scr_id, si.s_id, ${sql.raw(ITEM_STAMP)} as s_stamp, si.name from screen_item si
    where si.scr_id = ${scrId}) si`;

const screenName = async (db: Kysely<Database>, scrId: number): Promise<string> => {
  const row = await db.selectFrom('screen').select('name').where('scrId', '=', scrId).executeTakeFirst();
  if (!row) throw new HttpError(404, notFetched(scrId));
  return row.name;
};

/** Writes a file with `write` into a temporary folder and answers its bytes. */
const inTempFile = async (name: string, write: (path: string) => Promise<void>): Promise<Buffer> => {
  const dir = await mkdtemp(join(tmpdir(), 'labdesk-screen-'));
  try {
    const path = join(dir, name);
    await write(path);
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

export interface ScreenFile {
  fileName: string;
  bytes: Buffer;
}

export const screenXlsx = async (db: Kysely<Database>, scrId: number, stamp: string): Promise<ScreenFile> => {
  const name = await screenName(db, scrId);
  const cells = SCREEN_XLSX_COLUMNS.map((c) => c.sql).join(', ');
  const { rows } = await sql<{ j: string }>`select json_build_array(${sql.raw(cells)})::text as j
    from ${itemsOf(scrId)} ${LATEST_ANALYSIS} order by si.s_id`.execute(db.withoutPlugins());
  const fileName = `screen_${name}_${stamp}.xlsx`;
  const bytes = await inTempFile(fileName, async (path) => {
    const out = xlsxWriter(path, SCREEN_XLSX_COLUMNS, `Screen ${name}`);
    try {
      await out.write(rows.map((r) => JSON.parse(r.j) as Cells));
      await out.end();
    } catch (err) {
      out.destroy();
      throw err;
    }
  });
  return { fileName, bytes };
};

/**
 * The ZFT of the screen's latest analyses not flagged X yet; they are flagged in the transaction
 * that writes the file (one SAP/ZFT at a time, as the list exports). 422 when nothing is left.
 */
export const screenZft = async (
  db: Kysely<Database>,
  scrId: number,
  actor: string,
  stamp: string,
): Promise<ScreenFile> => {
  const name = await screenName(db, scrId);
  const fileName = `screen_${name}_${stamp}.zft`;
  return withAdvisoryLock(db, 'flaggingExport', () =>
    db.transaction().execute(async (trx) => {
      const latest = sql`a.a_id in (select a.a_id from ${itemsOf(scrId)} ${LATEST_ANALYSIS} where a.a_id is not null)`;
      const { rows } = await analysisRecordsWhere(sql`${latest} and ${NOT_EXPORTED}`, { lock: true }).execute(
        trx.withoutPlugins(),
      );
      if (rows.length === 0) throw new HttpError(422, NO_DOWNLOAD);
      const records = rows.map(decodeAnalysis);
      const bytes = await inTempFile(fileName, async (path) => {
        const out = recordWriter(path, ZFT_LAYOUT);
        await out.write(records);
        await out.end();
      });
      await markAnalysesExported(
        trx,
        records.map((r) => r.aId),
        { actor, key: `export:${fileName}`, after: { export: 'zft', scrId, rows: records.length } },
      );
      return { fileName, bytes };
    }),
  );
};
