// Several instances on one PostgreSQL must sign and check tokens with the same key, or a token from
// one is refused by the other at random (docs/dev/architecture.md#several-instances). The database
// keeps a fingerprint of the key (an HMAC of a fixed text, which does not reveal the key), and every
// running instance holds a shared advisory lock while it runs. An instance whose key differs:
// - while other instances run (the lock cannot be taken exclusively): refuses to start, saying why;
// - when it is alone (every instance was stopped to change the key): stores its fingerprint, and
//   the tokens signed with the old key end.
// The embedded database has one process only, so there is nothing to agree on.
import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ADVISORY_LOCKS, LABDESK_LOCKS } from '../db/advisory-lock';
import type { Database } from '../db/database';
import { holdSession, type HeldSession, type HoldOptions } from '../db/held-session';

export const TOKEN_KEY_STATE = 'token-key-fingerprint';

export class TokenKeyMismatchError extends Error {
  override name = 'ConfigError';
}

export const TOKEN_KEY_MISMATCH =
  'labdesk: the token signing key (LAB_JWT_SECRET, or jwt-secret in LAB_DATA_DIR) differs from the one ' +
  'the instances running on this database use, so tokens of one would be refused by the other. Give ' +
  'every instance the same LAB_JWT_SECRET (or the same shared LAB_DATA_DIR); to change the key, stop ' +
  'every instance first.';

export const keyFingerprint = (secret: Uint8Array): string =>
  createHmac('sha256', secret).update('labdesk token key fingerprint').digest('hex');

const stored = async (db: Kysely<Database>): Promise<string | undefined> =>
  (await db.selectFrom('serverState').select('value').where('name', '=', TOKEN_KEY_STATE).executeTakeFirst())?.value;

/**
 * On the session `conn` that holds the shared instances lock: compares the key's fingerprint with
 * the stored one and stores it when there is none, or when this is the only instance running.
 * Answers whether the stored key was replaced; throws TokenKeyMismatchError otherwise.
 */
export const agreeOnKey = async (conn: Kysely<Database>, secret: Uint8Array): Promise<{ replaced: boolean }> => {
  const mine = keyFingerprint(secret);
  await conn
    .insertInto('serverState')
    .values({ name: TOKEN_KEY_STATE, value: mine })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  if ((await stored(conn)) === mine) return { replaced: false };
  // Our own shared lock does not conflict with our exclusive request: this succeeds only when no
  // other instance holds the shared one, i.e. none runs.
  const key = ADVISORY_LOCKS.instances;
  const { rows } = await sql<{ alone: boolean }>`select pg_try_advisory_lock(${LABDESK_LOCKS}, ${key}) as alone`.execute(conn);
  if (!rows[0]?.alone) throw new TokenKeyMismatchError(TOKEN_KEY_MISMATCH);
  try {
    await conn
      .updateTable('serverState')
      .set({ value: mine, updatedAt: sql<string>`now()` })
      .where('name', '=', TOKEN_KEY_STATE)
      .execute();
  } finally {
    await sql`select pg_advisory_unlock(${LABDESK_LOCKS}, ${key})`.execute(conn);
  }
  return { replaced: true };
};

/**
 * Joins the running instances (PostgreSQL): holds the shared instances lock for the life of the
 * process and agrees on the key; after a database restart it takes the lock again and checks once
 * more (a mismatch then reaches `onLost` as a TokenKeyMismatchError).
 */
export const joinInstances = (
  db: Kysely<Database>,
  secret: Uint8Array,
  options: HoldOptions & { onReplaced?: () => void } = {},
): Promise<HeldSession> =>
  holdSession(
    db,
    async (conn) => {
      await sql`select pg_advisory_lock_shared(${LABDESK_LOCKS}, ${ADVISORY_LOCKS.instances})`.execute(conn);
      if ((await agreeOnKey(conn, secret)).replaced) options.onReplaced?.();
    },
    options,
  );
