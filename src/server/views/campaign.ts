// The campaign restriction (docs/dev/architecture.md#domain-decisions): the setting 'campaign' (start_at, end_at; either may be
// open) limits the Analysis and Samples views, and the reports, to samples stamped within it.
// The bounds go into the view's SQL as literals (see views/sql.ts campaignCondition for why), so a
// view needs them before its statement is built.
//
// A changed campaign must show at the next refresh, on every instance (the server is stateless), and
// a view should not pay a second round trip for it. So a view is built with the bounds it last saw
// (a hint per database handle) and its statement reads the stored setting along with the rows
// (CAMPAIGN_CHECK, one unique-index read in the same snapshot). When the two differ — the first view
// after a change — the view is built again with the stored bounds: an answer always matches the
// campaign as stored when it was read, and the usual view is one round trip.
import { sql, type Kysely, type Transaction } from 'kysely';
import { CAMPAIGN_CHANGING } from '../../domain/messages';
import type { Database, LabTime } from '../db/database';
import { HttpError } from '../http/errors';

export interface Campaign {
  start: LabTime | null;
  end: LabTime | null;
}

export const OPEN_CAMPAIGN: Campaign = { start: null, end: null };

export const loadCampaign = async (db: Kysely<Database> | Transaction<Database>): Promise<Campaign> => {
  const row = await db
    .selectFrom('configSetting')
    .select(['startAt', 'endAt'])
    .where('name', '=', 'campaign')
    .executeTakeFirst();
  return { start: row?.startAt ?? null, end: row?.endAt ?? null };
};

/** Select-list items that read the stored campaign within a view's statement. */
export const CAMPAIGN_CHECK = sql.raw(
  `(select start_at from config_setting where name = 'campaign') as "campaignStart", ` +
    `(select end_at from config_setting where name = 'campaign') as "campaignEnd"`,
);

/** What CAMPAIGN_CHECK adds to a row. */
export interface CampaignCheckRow {
  campaignStart?: LabTime | null;
  campaignEnd?: LabTime | null;
}

/** A view's statement found another campaign than the one it was built with. */
export class CampaignChanged extends Error {
  override name = 'CampaignChanged';
  constructor(readonly stored: Campaign) {
    super('the campaign changed');
  }
}

/** Throws CampaignChanged when the row's stored campaign is not `used`. */
export const checkCampaign = (row: CampaignCheckRow | undefined, used: Campaign): void => {
  if (!row) return;
  const stored: Campaign = { start: row.campaignStart ?? null, end: row.campaignEnd ?? null };
  if (stored.start !== used.start || stored.end !== used.end) throw new CampaignChanged(stored);
};

const hints = new WeakMap<object, Campaign>();

/** A settings write that would have to race every view this often is no campaign change but a loop. */
const ATTEMPTS = 5;

/**
 * Runs a view with the campaign: the last one seen on this database handle (read once when there is
 * none), then again with the stored one whenever the view's statement reports another.
 */
export const withCampaign = async <T>(
  db: Kysely<Database>,
  view: (campaign: Campaign) => Promise<T>,
): Promise<T> => {
  let campaign = hints.get(db) ?? (await loadCampaign(db));
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await view(campaign);
      hints.set(db, campaign);
      return result;
    } catch (error) {
      if (!(error instanceof CampaignChanged)) throw error;
      campaign = error.stored;
      hints.set(db, campaign);
      if (attempt >= ATTEMPTS) throw new HttpError(503, CAMPAIGN_CHANGING);
    }
  }
};
