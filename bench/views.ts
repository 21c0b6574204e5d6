// The benchmark cases of issue #3 and their bare-SQL twins. Each case is a query string for
// /api/analysis/view; its bare SQL is the very statement the repository builds for it (compiled by
// Kysely, campaign bounds inlined as the route inlines them), run straight on the driver — so the ratio route/SQL is the cost of the
// HTTP stack: auth lookup, campaign read, Kysely, row mapping and JSON serialization.
import { Temporal } from 'temporal-polyfill';
import type { Kysely } from 'kysely';
import { parseLabDateTime } from '../src/domain/datetime';
import { defaultDateFilter } from '../src/domain/windows';
import type { Database } from '../src/server/db/database';
import { ANALYSIS_READS, ANALYSIS_VIEW_RULES } from '../src/server/repositories/analysis';
import type { Campaign } from '../src/server/views/campaign';
import { DEFAULT_PAGE_SIZE } from '../src/domain/constants';
import { parseViewRequest, viewQuerySchemaOf } from '../src/server/views/request';

export interface BenchCase {
  name: string;
  /** Query string of /api/analysis/view (without '?'). */
  query: string;
}

export const benchCases = (now: string): BenchCase[] => {
  const labNow = parseLabDateTime(now) ?? Temporal.PlainDateTime.from('2026-12-15T10:00:00');
  const q = (params: Record<string, string | string[]>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(params))
      for (const item of Array.isArray(v) ? v : [v]) p.append(k, item);
    return p.toString();
  };
  return [
    {
      name: 'day window (admin default), size 50',
      query: q({ filter: defaultDateFilter(['ROLE_ADMIN'], labNow), size: '50' }),
    },
    { name: 'unfiltered, pol desc, size 50', query: q({ sort: 'pol,desc', size: '50' }) },
    { name: 'page size 15000', query: q({ size: '15000' }) },
    { name: 'deep page 10000 × 50', query: q({ page: '10000', size: '50' }) },
    // Demo ids: year digit 6 + 7-digit running number; '60123' covers ~1,000 samples.
    { name: 'sId prefix 60123', query: q({ filter: 'sId,60123~', size: '50' }) },
    { name: 'aId range 200000–210000', query: q({ filter: 'aId,200000~210000', size: '50' }) },
  ];
};

/** The statement the view route runs for this query string (the JSON path, ANALYSIS_READS.viewJsonQuery), compiled. */
export const bareStatement = (
  db: Kysely<Database>,
  query: string,
  campaign: Campaign,
): { sql: string; parameters: readonly unknown[] } => {
  const params = new URLSearchParams(query);
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    raw[key] = all.length === 1 ? all[0]! : all;
  }
  const request = parseViewRequest(
    viewQuerySchemaOf(DEFAULT_PAGE_SIZE.analysis).parse(raw),
    ANALYSIS_VIEW_RULES,
  );
  const compiled = ANALYSIS_READS.viewJsonQuery!(request, campaign).compile(db);
  return { sql: compiled.sql, parameters: compiled.parameters };
};
