// Screens (docs/dev/product-rules.md#records Screen, ScreenItem; docs/dev/product-rules.md#calls Screens; docs/dev/architecture.md#domain-decisions Screens): create, update and
// delete of a screen, the import of screen files and Transfer ScreenNames. Admin-only writes, one
// transaction each, with their audit events.
import { sql, type Kysely, type Transaction } from 'kysely';
import { labTimeText } from '../views/sql';
import {
  screenUpdateSchema,
  screenWriteSchema,
  type ScreenTransferResult,
  type ScreenUploadResult,
  type ScreenWriteResult,
} from '../../domain/entities/screen';
import {
  created,
  deleted,
  fileNotImported,
  fileUploaded,
  notCreated,
  notDeleted,
  notModified,
  updated,
} from '../../domain/messages';
import type { ScreenFileLine } from '../../domain/rules/screenFile';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { findScreen, toScreen } from '../repositories/screens';
import { versionedUpdate } from '../repositories/versioned';
import { recordAudit, recordRemoved } from './audit';
import { issueMessages, mapDbError, validationError } from './samples-writes';
import { readScreenFile } from './screen-file';
import { SCREENS_RESOURCE } from '../../domain/resources/screens';
import { SAMPLES_RESOURCE } from '../../domain/resources/samples';

const NONE = new Set<string>();
/** A bad file's answer lists at most this many lines (and how many more there were). */
export const MAX_LISTED_LINES = 1000;

const screenNotFound = (scrId: number | string): string => `Error occurred, scrId#${scrId} was not found!`;
const nameTaken = (name: string): string => `ScreenNumber ${name} exists already.`;

/** POST /screens. */
export const createScreen = async (
  db: Kysely<Database>,
  actor: string,
  raw: unknown,
): Promise<ScreenWriteResult> => {
  const parsed = screenWriteSchema.safeParse(raw);
  const name =
    typeof (raw as { name?: unknown } | null)?.name === 'string' ? (raw as { name: string }).name : '';
  if (!parsed.success) throw validationError(issueMessages(parsed.error, NONE), notCreated('scrId', name));
  const value = parsed.data;
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('screen')
        .select('scrId')
        .where('name', '=', value.name)
        .executeTakeFirst();
      if (taken) throw new HttpError(409, notCreated('scrId', value.name), [nameTaken(value.name)]);
      const after = await trx
        .insertInto('screen')
        .values({
          name: value.name,
          comment: value.comment,
          ...(value.dateCreated === null ? {} : { dateCreated: value.dateCreated }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const screen = toScreen(after);
      await recordAudit(trx, {
        actor,
        action: 'create',
        entity: SCREENS_RESOURCE.auditEntity,
        key: String(screen.scrId),
        after: screen,
      });
      return { message: created('scrId', screen.scrId), scrId: screen.scrId };
    });
  } catch (err) {
    throw mapDbError(err, notCreated('scrId', value.name));
  }
};

/** PUT /screens/{scrId}: number, comment and dateCreated, from the version the edit started at. */
export const updateScreen = async (
  db: Kysely<Database>,
  actor: string,
  scrId: number,
  raw: unknown,
): Promise<ScreenWriteResult> => {
  const parsed = screenUpdateSchema.safeParse(raw);
  if (!parsed.success) throw validationError(issueMessages(parsed.error, NONE), notModified('scrId', scrId));
  const value = parsed.data;
  try {
    return await db.transaction().execute(async (trx) => {
      await versionedUpdate(trx, {
        table: 'screen',
        key: { scrId },
        version: value.version,
        // After the lock and the version check: a missing screen is 404, a stale copy 409.
        values: async (before) => {
          const other = await trx
            .selectFrom('screen')
            .select('scrId')
            .where('name', '=', value.name)
            .where('scrId', '!=', scrId)
            .executeTakeFirst();
          if (other) throw new HttpError(409, notModified('scrId', scrId), [nameTaken(value.name)]);
          const same =
            before.name === value.name &&
            before.comment === value.comment &&
            before.dateCreated === value.dateCreated;
          return same
            ? null
            : {
                name: value.name,
                comment: value.comment,
                ...(value.dateCreated === null ? {} : { dateCreated: value.dateCreated }),
              };
        },
        audit: { actor, entity: SCREENS_RESOURCE.auditEntity, key: String(scrId), snapshot: toScreen },
        notFound: screenNotFound(scrId),
        notModified: notModified('scrId', scrId),
      });
      return { message: updated('scrId', scrId), scrId };
    });
  } catch (err) {
    throw mapDbError(err, notModified('scrId', scrId));
  }
};

/** DELETE /screens/{scrId}: the screen and its items (each item's removal audited). */
export const deleteScreen = async (
  db: Kysely<Database>,
  actor: string,
  scrId: number,
): Promise<ScreenWriteResult> =>
  db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('screen')
      .selectAll()
      .where('scrId', '=', scrId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new HttpError(404, notDeleted('scrId', scrId), [screenNotFound(scrId)]);
    const items = await trx.deleteFrom('screenItem').where('scrId', '=', scrId).returningAll().execute();
    await recordRemoved(trx, actor, 'screenItem', items, (i) => `${i.scrId}|${i.sId}`);
    await trx.deleteFrom('screen').where('scrId', '=', scrId).execute();
    await recordAudit(trx, {
      actor,
      action: 'delete',
      entity: SCREENS_RESOURCE.auditEntity,
      key: String(scrId),
      before: toScreen(before),
    });
    return { message: deleted('scrId', scrId), scrId };
  });

// ---- import ---------------------------------------------------------------------------------------

/** The lines of one screen of a file. */
const byScreen = (lines: readonly ScreenFileLine[]): Map<string, ScreenFileLine[]> => {
  const out = new Map<string, ScreenFileLine[]>();
  for (const l of lines) {
    const list = out.get(l.screenNumber);
    if (list) list.push(l);
    else out.set(l.screenNumber, [l]);
  }
  return out;
};

/**
 * Upserts one screen's items, ITEM_CHUNK per statement: new ones with the sample's newest stamp (or none),
 * a changed item name replaced, a stamp filled in once the sample is known; an unchanged item is
 * not written at all, so re-importing a file changes nothing.
 */
const upsertItems = async (trx: Transaction<Database>, scrId: number, lines: readonly ScreenFileLine[]) => {
  let changed = 0;
  // ITEM_CHUNK items per statement: PGlite's memory grows with a statement's arrays and stays grown.
  for (let i = 0; i < lines.length; i += ITEM_CHUNK) changed += await upsertItemChunk(trx, scrId, lines.slice(i, i + ITEM_CHUNK));
  return changed;
};

const ITEM_CHUNK = 5000;

const upsertItemChunk = async (trx: Transaction<Database>, scrId: number, lines: readonly ScreenFileLine[]) => {
  const { rows } = await sql<{ sId: string }>`
    insert into screen_item (scr_id, s_id, s_stamp, name)
    select ${scrId}::bigint, f.s_id, (select max(s.s_stamp) from sample s where s.s_id = f.s_id), f.name
    from unnest(${lines.map((l) => l.sId)}::varchar[], ${lines.map((l) => l.name)}::varchar[]) as f(s_id, name)
    on conflict (scr_id, s_id) do update
      set name = excluded.name, s_stamp = coalesce(screen_item.s_stamp, excluded.s_stamp)
      where screen_item.name is distinct from excluded.name
         or (screen_item.s_stamp is null and excluded.s_stamp is not null)
    returning s_id as "sId"`.execute(trx.withoutPlugins());
  return rows.length;
};

/** POST /screens/upload: one file, all of it or nothing (docs/dev/architecture.md#domain-decisions). */
export const importScreens = async (
  db: Kysely<Database>,
  actor: string,
  fileName: string,
  bytes: Buffer,
): Promise<ScreenUploadResult> => {
  const checked = await readScreenFile(bytes);
  if (!checked.ok) {
    const listed = checked.errors.slice(0, MAX_LISTED_LINES);
    const more = checked.errors.length - listed.length;
    throw new HttpError(
      400,
      fileNotImported(fileName),
      more > 0 ? [...listed, `… and ${more} more`] : listed,
    );
  }
  const lines = checked.lines;
  try {
    return await db.transaction().execute(async (trx) => {
      const screens: ScreenUploadResult['screens'] = [];
      for (const [name, items] of byScreen(lines)) {
        const inserted = await trx
          .insertInto('screen')
          .values({ name })
          .onConflict((oc) => oc.column('name').doNothing())
          .returningAll()
          .executeTakeFirst();
        const row =
          inserted ??
          (await trx.selectFrom('screen').selectAll().where('name', '=', name).executeTakeFirstOrThrow());
        const scrId = Number(row.scrId);
        if (inserted)
          await recordAudit(trx, {
            actor,
            action: 'create',
            entity: SCREENS_RESOURCE.auditEntity,
            key: String(scrId),
            after: toScreen(row),
          });
        const changedItems = await upsertItems(trx, scrId, items);
        if (changedItems > 0)
          await recordAudit(trx, {
            actor,
            action: 'update',
            entity: SCREENS_RESOURCE.auditEntity,
            key: String(scrId),
            after: { import: fileName, items: items.length, changedItems },
          });
        screens.push({ scrId, name, created: inserted !== undefined, items: items.length, changedItems });
      }
      return { message: fileUploaded(fileName), fileName, screens, lines: lines.length };
    });
  } catch (err) {
    throw mapDbError(err, fileNotImported(fileName));
  }
};

// ---- Transfer ScreenNames -------------------------------------------------------------------------

/**
 * POST /screens/transfer/{scrId}: each item's name becomes the name of its sample — the item's
 * stamp, or every stamp of that sId when the item has none — in one transaction with an audit
 * event per changed sample. Answers how many samples changed.
 */
export const transferScreenNames = async (
  db: Kysely<Database>,
  actor: string,
  scrId: number,
): Promise<ScreenTransferResult> =>
  db.transaction().execute(async (trx) => {
    const screen = await trx
      .selectFrom('screen')
      .select('scrId')
      .where('scrId', '=', scrId)
      .forUpdate()
      .executeTakeFirst();
    if (!screen) throw new HttpError(404, notModified('scrId', scrId), [screenNotFound(scrId)]);
    const { rows } = await sql<{ sId: string; sStamp: string; before: string | null; after: string | null }>`
      with target as (
        select s.s_id, s.s_stamp, s.name as before, si.name as after
        from screen_item si
        join sample s on s.s_id = si.s_id and (si.s_stamp is null or s.s_stamp = si.s_stamp)
        where si.scr_id = ${scrId} and s.name is distinct from si.name
        for update of s
      )
      update sample s set name = t.after from target t
      where s.s_id = t.s_id and s.s_stamp = t.s_stamp
      returning s.s_id as "sId", ${sql.raw(labTimeText('s.s_stamp'))} as "sStamp", t.before, t.after`.execute(
      trx.withoutPlugins(),
    );
    await recordAudit(
      trx,
      rows.map((r) => ({
        actor,
        action: 'update' as const,
        entity: SAMPLES_RESOURCE.auditEntity,
        key: `${r.sId}|${r.sStamp}`,
        before: { name: r.before },
        after: { name: r.after, transfer: `scrId#${scrId}` },
      })),
    );
    return { message: updated('scrId', scrId), scrId, changed: rows.length };
  });

export { findScreen };
