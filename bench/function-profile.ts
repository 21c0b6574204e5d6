// The import profile of `npm run bench -- --sync --profile`: where an import's time goes in the
// database, per function (the trigger functions of the report summary and the change events, the
// refresh functions they call): pg_stat_user_functions with track_functions = 'all'. PostgreSQL's
// own foreign-key checks and index upkeep are not functions: they are the rest of the time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/database';
import { progress, round } from './progress';

/** Function times so far (ms), by function name. */
export const functionTimes = async (db: Kysely<Database>): Promise<Map<string, { total: number; self: number; calls: number }>> => {
  const { rows } = await sql<{ funcname: string; calls: number; totalTime: number; selfTime: number }>`
    select funcname, calls::int, total_time as total_time, self_time as self_time from pg_stat_user_functions`.execute(db);
  return new Map(rows.map((r) => [r.funcname, { total: Number(r.totalTime), self: Number(r.selfTime), calls: r.calls }]));
};

/** What the functions took between two readings of functionTimes, slowest first. */
export const reportFunctions = (
  scope: string,
  before: Map<string, { total: number; self: number; calls: number }>,
  after: Map<string, { total: number; self: number; calls: number }>,
): void => {
  const rows = [...after]
    .map(([name, a]) => {
      const b = before.get(name) ?? { total: 0, self: 0, calls: 0 };
      return { name, total: a.total - b.total, self: a.self - b.self, calls: a.calls - b.calls };
    })
    .filter((r) => r.calls > 0)
    .sort((x, y) => y.total - x.total)
    .slice(0, 15);
  for (const r of rows) progress(scope, `fn ${r.name}: total ${round(r.total)} ms, self ${round(r.self)} ms, ${r.calls} call(s)`);
};
