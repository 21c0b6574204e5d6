// Plans PostgreSQL keeps for the statements that are worth it. A statement's text that begins
// with REUSE_PLAN is run by the pool's clients (create-db.ts) as a named prepared statement: parsed
// once per connection, and after five runs PostgreSQL may keep one generic plan for it instead of
// planning it again for every run. The day-window view spent about 3 ms planning against 1 ms
// running (docs/dev/architecture.md, "Plans kept for the day window"); at 50 clients its load bench
// went from 528 to 1,161 req/s.
//
// Only a caller that knows a generic plan serves every value its parameters can take marks a
// statement (views/planReuse.ts, repositories/reports.ts): a generic plan is made without the
// values, and for a whole campaign's window the day window's plan was five times slower. Any
// other statement goes to pg unchanged, as does everything on PGlite, where the comment is only a
// comment.
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type Pg from 'pg';

/** A statement's text that begins so keeps its plan on the connection. */
export const REUSE_PLAN = '/* reuse plan */ ';

/**
 * Named statements per connection: each holds its plan in the server's memory for the session's
 * life. The texts that are marked are few (a view's filters and sort give its text); past this many
 * a connection runs the others as before.
 */
export const MAX_KEPT_PLANS = 32;

/** `query`, marked to keep its plan when `keep` (its caller knows a generic plan serves it). */
export const keepPlan = <T>(keep: boolean, query: RawBuilder<T>): RawBuilder<T> =>
  keep ? sql<T>`${sql.raw(REUSE_PLAN)}${query}` : query;

type Query = (...args: unknown[]) => unknown;

/** The statement's name: its text's hash (a name is at most 63 bytes). */
const nameOf = (text: string): string => `reuse_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;

/** Makes `client` run a statement whose text begins with REUSE_PLAN as a named prepared statement. */
export const keepMarkedPlans = (client: Pg.ClientBase): void => {
  const query = client.query.bind(client) as Query;
  const kept = new Set<string>();
  const patched: Query = (...args) => {
    const [text, values, ...rest] = args;
    if (typeof text !== 'string' || !text.startsWith(REUSE_PLAN) || !(values === undefined || Array.isArray(values)))
      return query(...args);
    const name = nameOf(text);
    if (!kept.has(name)) {
      if (kept.size >= MAX_KEPT_PLANS) return query(...args);
      kept.add(name);
    }
    return query({ name, text, values }, ...rest);
  };
  client.query = patched as typeof client.query;
};
