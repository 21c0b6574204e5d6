// Who a transaction's change events name (migration 0011): a writer without audit events of its
// own (the sync) says so at the start of its transaction; otherwise the audit events name the actor.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

/** The actor text of a sync entry's writes: 'sync:analysis' (domain/events.ts actorOf reads it). */
export const syncActor = (syncId: string): string => `sync:${syncId}`;

/** Names the actor of the change events of the transaction `trx` runs. */
export const actAs = async (trx: Kysely<Database>, actor: string): Promise<void> => {
  await sql`select set_config('labdesk.actor', ${actor}, true)`.execute(trx);
};
