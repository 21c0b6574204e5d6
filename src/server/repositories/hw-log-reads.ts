// Reads of the hardware log for the Logs page: every line of a span, newest ID first, as one JSON
// document built by the database. A busy week is ~100,000 lines; building the JSON text in SQL
// (json_agg over the date index) avoids 100,000 row objects in Node and their serialisation.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { TimeSpan } from '../../domain/reports';

/** `{"logs":[{logId,dateCreated,level,info}…],"totalItems":n}` as JSON text. */
export const hwLogJson = async (db: Kysely<Database>, span: TimeSpan): Promise<string> => {
  const { rows } = await sql<{ body: string }>`
    select json_build_object(
      'logs', coalesce(json_agg(json_build_object(
        'logId', l.log_id,
        'dateCreated', to_char(l.date_created, 'YYYY-MM-DD HH24:MI:SS'),
        'level', l.level,
        'info', l.info) order by l.log_id desc), '[]'::json),
      'totalItems', count(*))::text as body
    from hw_log l
    where l.date_created between ${span.from}::timestamp and ${span.to}::timestamp`.execute(db.withoutPlugins());
  return rows[0]!.body;
};
