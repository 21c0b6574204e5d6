// Application settings (docs/dev/product-rules.md#records, docs/dev/product-rules.md#field-rules Settings). Like the limits, the set is seeded by the first
// migration and PUT only edits; the campaign is the one setting with start and end (docs/dev/architecture.md#domain-decisions).
import { sql, type Kysely } from 'kysely';
import { completeCampaign, type Setting, type SettingWrite } from '../../domain/entities/setting';
import { notModified } from '../../domain/messages';
import { CAMPAIGN_SETTING } from '../../domain/rules/settings';
import type { Database } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { versionedUpdate } from '../repositories/versioned';

type SettingRow = {
  id: number;
  name: string;
  info: string;
  value: string | null;
  startAt: string | null;
  endAt: string | null;
  lastModified: string;
  version: number;
};

const settingColumns = ['id', 'name', 'info', 'value', 'startAt', 'endAt', 'lastModified', 'version'] as const;

/** start and end appear on the campaign only, so other settings keep the plain shape of docs/dev/product-rules.md#records. */
const toSetting = (row: SettingRow): Setting => ({
  id: row.id,
  name: row.name,
  info: row.info,
  lastModified: row.lastModified,
  value: row.value,
  ...(row.name === CAMPAIGN_SETTING ? { start: row.startAt, end: row.endAt } : {}),
  version: row.version,
});

export const settingNotFound = (name: string): string => `Error occurred, Setting#${name} was not found!`;

export const listSettings = async (db: Kysely<Database>): Promise<Setting[]> =>
  (await db.selectFrom('configSetting').select(settingColumns).orderBy('id').execute()).map(toSetting);

const blankToNull = (text: string | null | undefined): string | null => {
  const t = (text ?? '').trim();
  return t === '' ? null : t;
};

/**
 * PUT /config/settings/{name}. The body has passed settingWriteSchema (the amino rule, the campaign
 * rule on the completed dates). Here: the campaign's dates are completed (start 00:00:00, end
 * 23:59:59 when given without time; empty = open); start and end sent for another setting are
 * ignored; an empty info keeps the stored description (info is the setting's explanation, not a
 * value the lab edits). Unchanged settings are not rewritten, and a setting changed by someone else
 * since it was read is 409 (see updateLimit).
 */
export const updateSetting = async (
  db: Kysely<Database>,
  actor: string,
  name: string,
  body: SettingWrite,
): Promise<Setting> => {
  if (body.name !== name) {
    throw new HttpError(400, HTTP_MESSAGES.validation, [
      `Name ${body.name} does not match the setting ${name}`,
    ]);
  }
  const completed = completeCampaign({ name, start: body.start ?? null, end: body.end ?? null });
  const value = blankToNull(body.value);

  const isCampaign = name === CAMPAIGN_SETTING;
  return db.transaction().execute(async (trx) => {
    const { after } = await versionedUpdate(trx, {
      table: 'configSetting',
      key: { name },
      version: body.version,
      notFound: settingNotFound(name),
      notModified: notModified('Setting', name),
      audit: { actor, entity: 'setting', key: name, snapshot: toSetting },
      values: (before) => {
        const next = {
          info: blankToNull(body.info) ?? before.info,
          value,
          startAt: isCampaign ? (completed.start ?? null) : before.startAt,
          endAt: isCampaign ? (completed.end ?? null) : before.endAt,
        };
        const unchanged =
          next.info === before.info &&
          next.value === before.value &&
          next.startAt === before.startAt &&
          next.endAt === before.endAt;
        return unchanged ? null : { ...next, lastModified: sql<string>`localtimestamp(0)` };
      },
    });
    return toSetting(after);
  });
};
