// The campaign restriction (ARCHITECTURE §5): the setting 'campaign' (start_at, end_at; either may be
// open) limits the Analysis and Samples views, and the reports, to samples stamped within it.
// Read on every view request, never cached: the server is stateless (several instances) and a changed
// campaign must show at the next refresh; the lookup is one unique-index read. The bounds go into
// the view's SQL as literals (see views/sql.ts campaignCondition for why).
import type { Kysely, Transaction } from 'kysely';
import type { Database, LabTime } from '../db/database';

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
