// State that several server instances on one PostgreSQL must share (docs/dev/architecture.md#several-instances):
// - signin_attempt: the failed sign-ins per client address and email (auth/signin-limiter.ts), so
//   guesses spread over instances are counted once;
// - server_state: small named values the instances agree on, e.g. the fingerprint of the token
//   signing key (auth/key-fingerprint.ts), so an instance started with another key is refused.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signin_attempt')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signin_attempt_window_idx').on('signin_attempt').column('window_ends').execute();
  await db.schema
    .createTable('server_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_state').execute();
  await db.schema.dropTable('signin_attempt').execute();
}
