// The embedded database's fatal errors (pglite-dialect.ts isFatalDatabaseError): FATAL and PANIC
// leave PGlite broken for good, so the server exits for its supervisor to restart it (main.ts); an
// ordinary ERROR ends only its statement and must not stop the server.
import { messages } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFatalDatabaseError } from '../../src/server/db/pglite-dialect';
import { createTestDatabase, type TestDatabase } from './harness';

/** PGlite's own error class, as it reported `FATAL XX000 BeginTransactionBlock: unexpected state END`. */
const reported = (severity: string): Error => {
  const err = new messages.DatabaseError('BeginTransactionBlock: unexpected state END', 108, 'error');
  Object.assign(err, { severity, code: 'XX000', routine: 'BeginTransactionBlock' });
  return err;
};

// In a hook: opening a database on a busy machine can take much of a test's 30 s.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('fatal errors of the embedded database', () => {
  it('recognises FATAL and PANIC, whatever the case', () => {
    expect(isFatalDatabaseError(reported('FATAL'))).toBe(true);
    expect(isFatalDatabaseError(reported('PANIC'))).toBe(true);
    expect(isFatalDatabaseError(reported('panic'))).toBe(true);
  });

  it('recognises a WebAssembly trap', () => {
    const { RuntimeError } = (
      globalThis as unknown as { WebAssembly: { RuntimeError: new (m: string) => Error } }
    ).WebAssembly;
    expect(isFatalDatabaseError(new RuntimeError('unreachable'))).toBe(true);
  });

  it("does not take ordinary errors for fatal ones (real ones from this suite's database)", async () => {
    const errors: unknown[] = [];
    for (const text of [
      'select 1/0',
      "select 'x'::int",
      'select * from no_such_table',
      "select E'\\\\x00'::text || chr(0)",
    ]) {
      await sql
        .raw(text)
        .execute(database.db)
        .catch((err: unknown) => errors.push(err));
    }
    expect(errors).toHaveLength(4);
    for (const err of errors) {
      expect((err as { severity: string }).severity).toBe('ERROR');
      expect(isFatalDatabaseError(err)).toBe(false);
    }
    // The database still answers after those errors: they were not fatal.
    expect((await sql<{ n: number }>`select 1 as n`.execute(database.db)).rows).toEqual([{ n: 1 }]);
    expect(isFatalDatabaseError(reported('ERROR'))).toBe(false);
    expect(isFatalDatabaseError(new Error('PANIC'))).toBe(false);
    expect(isFatalDatabaseError(undefined)).toBe(false);
    expect(isFatalDatabaseError('FATAL')).toBe(false);
  });
});
