// Reads of the hardware log for the Logs page: one page of a span's lines, newest ID first, as one
// JSON document built by the database (no row objects in Node and their serialisation). A page
// holds at most `limit` lines whatever the span (a 28-day range of a busy lab was 2.4 million
// lines, 364 MB as one answer), and names the ID the next page starts below.
import { sql, type Kysely } from 'kysely';
import { labTimeText } from '../views/sql';
import type { Database } from '../db/database';
import type { TimeSpan } from '../../domain/reports';

export interface LogPageRequest {
  limit: number;
  /** Only lines with a smaller ID (the previous page's nextBefore). */
  before?: number | undefined;
}

/** `{"logs":[{logId,dateCreated,level,info}…],"totalItems":n,"nextBefore":id|null}` as JSON text. */
export const hwLogPageJson = async (db: Kysely<Database>, span: TimeSpan, page: LogPageRequest): Promise<string> => {
  const inSpan = sql`l.date_created between ${span.from}::timestamp and ${span.to}::timestamp`;
  const below = page.before === undefined ? sql`true` : sql`l.log_id < ${page.before}::bigint`;
  // One line past the page tells whether there is more without counting.
  const { rows } = await sql<{ body: string }>`
    with page as (
      select l.log_id, l.date_created, l.level, l.info
      from hw_log l
      where ${inSpan} and ${below}
      order by l.log_id desc
      limit ${page.limit + 1}::int
    ), shown as (
      select * from page order by log_id desc limit ${page.limit}::int
    )
    select json_build_object(
      'logs', coalesce((select json_agg(json_build_object(
        'logId', s.log_id,
        'dateCreated', ${sql.raw(labTimeText('s.date_created'))},
        'level', s.level,
        'info', s.info) order by s.log_id desc) from shown s), '[]'::json),
      'totalItems', (select count(*) from hw_log l where ${inSpan}),
      'nextBefore', case when (select count(*) from page) > ${page.limit}::int
        then (select min(log_id) from shown) end)::text as body`.execute(db.withoutPlugins());
  return rows[0]!.body;
};
