// What an empty Analysis or Samples view hides on purpose (issue 27): the rows that match the
// filters and the selection but lie outside the campaign, and those the exclusion checkboxes leave
// out. Asked only when the view found nothing, so the usual view pays nothing for it; one count
// statement over the rows that match the filters and the selection.
//
// Self-contained on purpose (list views are being reworked in listSource.ts): it builds its WHERE
// from the same condition builders (views/sql.ts) and listWhere's join rule.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { HiddenCounts } from '../../domain/entities/shared';
import type { Database } from '../db/database';
import { OPEN_CAMPAIGN, type Campaign } from './campaign';
import { listWhere, type ListSource, type ListWhereOptions } from './listSource';
import type { ViewRequest } from './request';
import { and, campaignCondition, exclusionConditions } from './sql';

type Db = Kysely<Database> | Transaction<Database>;

export const NOTHING_HIDDEN: HiddenCounts = { outsideCampaign: 0, excluded: 0 };

/** Counts the rows the campaign and the exclusions hide from a view that showed none. */
export const hiddenCounts = async (
  db: Db,
  source: ListSource,
  request: ViewRequest,
  campaign: Campaign,
  options: ListWhereOptions = {},
): Promise<HiddenCounts> => {
  const inCampaign = source.campaign && !request.allCampaigns ? campaignCondition(campaign, source.campaign) : [];
  const kept = source.exclusion ? exclusionConditions(request.exclusion, source.exclusion) : [];
  if (inCampaign.length === 0 && kept.length === 0) return NOTHING_HIDDEN;
  // The filters and the selection alone: the view's WHERE without the campaign and the exclusions.
  const base = listWhere(source, { ...request, exclusion: [] }, OPEN_CAMPAIGN, options);
  const joins = source.joins.filter((j) => base.needs(j.alias)).map((j) => j.clause);
  const c = sql`coalesce(${and(inCampaign)}, false)`;
  const k = sql`coalesce(${and(kept)}, false)`;
  const { rows } = await sql<{ outsideCampaign: string | number; excluded: string | number }>`
    select count(*) filter (where ${k} and not ${c}) as "outsideCampaign",
           count(*) filter (where ${c} and not ${k}) as "excluded"
    from ${sql.raw(`${source.table} ${source.alias}`)} ${sql.raw(joins.join(' '))}
    where ${base.where}`.execute(db.withoutPlugins());
  const row = rows[0];
  return { outsideCampaign: Number(row?.outsideCampaign ?? 0), excluded: Number(row?.excluded ?? 0) };
};

/** The view answer's `hidden` part: for an empty page that hides rows, else nothing. */
export const hiddenPart = async (
  totalItems: number,
  count: () => Promise<HiddenCounts>,
): Promise<{ hidden?: HiddenCounts }> => {
  if (totalItems > 0) return {};
  const hidden = await count();
  return hidden.outsideCampaign > 0 || hidden.excluded > 0 ? { hidden } : {};
};
