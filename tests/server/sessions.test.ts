// A password change or an account removal ends the sessions signed before it (tokens carry the
// account's credential version, claim `cv`; auth/plugin.ts refuses an older one). Checked through
// the user CLI's own command runner, on this app and on a second app instance on the same
// database — each instance re-checks the account after its trust window (ACCOUNT_CHECK_TTL_MS).
import { Readable, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, runUserCommand, type CliIo } from '../../src/server/cli/user';
import { buildApp } from '../../src/server/app';
import { createDb, type DbHandle } from '../../src/server/db/create-db';
import { TEST_PASSWORD, useHarness } from './harness';

const TTL = 300;
const h = useHarness({ accountCheckTtlMs: TTL });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The second instance: its own app, trust cache and (on PostgreSQL) its own connection pool.
let other: FastifyInstance;
let otherDb: DbHandle | undefined;
beforeAll(async () => {
  otherDb = h.databaseUrl ? await createDb({ databaseUrl: h.databaseUrl, dataDir: '', timezone: h.config.timezone }) : undefined;
  other = await buildApp({ config: h.config, db: otherDb?.db ?? h.db, accountCheckTtlMs: TTL });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await otherDb?.close();
});

const sink = (): Writable => new Writable({ write: (_chunk, _encoding, done) => done() });
/** `npm run user -- <argv>` with `stdin` piped in, against the test database. */
const cli = async (argv: string[], stdin = ''): Promise<void> => {
  const io: CliIo = { stdin: Readable.from([stdin]), stdout: sink(), stderr: sink() };
  await runUserCommand(h.db, parseArgs(argv), io);
};

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const verify = (token: string) => h.request({ method: 'POST', url: '/api/auth/verify', payload: { token } });

/** Signs in and uses the token on both instances, so both have it in their trust cache. */
const signedInEverywhere = async (email: string, password = TEST_PASSWORD): Promise<string> => {
  const token = await h.signIn(email, password);
  expect((await me(h.app, token)).statusCode).toBe(200);
  expect((await me(other, token)).statusCode).toBe(200);
  return token;
};

describe('sessions end with a credential change', () => {
  it('carries the credential version in the token', async () => {
    await h.addUser('claims@lab.example', 'ROLE_READER');
    const token = await h.signIn('claims@lab.example');
    const row = await h.db
      .selectFrom('appUser')
      .select('credentialVersion')
      .where('email', '=', 'claims@lab.example')
      .executeTakeFirstOrThrow();
    expect(decodeJwt(token)['cv']).toBe(row.credentialVersion);
  });

  it('refuses a token issued before `passwd` on every instance, and a new sign-in works', async () => {
    await h.addUser('anna@lab.example', 'ROLE_ADMIN');
    const old = await signedInEverywhere('anna@lab.example');

    await cli(['passwd', 'anna@lab.example'], 'a-new-password-1\n');
    await sleep(TTL + 50);
    expect((await me(h.app, old)).statusCode).toBe(401);
    expect((await me(other, old)).statusCode).toBe(401);
    expect((await verify(old)).statusCode).toBe(401);
    // Admin writes too, not just reads.
    const write = await h.request({ method: 'GET', url: '/api/auth/users', token: old });
    expect(write.statusCode).toBe(401);

    await expect(h.signIn('anna@lab.example')).rejects.toThrow(/401/);
    const fresh = await h.signIn('anna@lab.example', 'a-new-password-1');
    expect((await me(h.app, fresh)).statusCode).toBe(200);
    expect((await me(other, fresh)).statusCode).toBe(200);
    expect((await verify(fresh)).statusCode).toBe(200);
  });

  it('refuses the token at once on an instance that has not trusted it yet', async () => {
    await h.addUser('bert@lab.example', 'ROLE_READER');
    const old = await h.signIn('bert@lab.example');
    await cli(['passwd', 'bert@lab.example'], 'a-new-password-2\n');
    // No waiting: neither instance has a cached check of this token.
    expect((await me(h.app, old)).statusCode).toBe(401);
    expect((await me(other, old)).statusCode).toBe(401);
  });

  it('refuses a token after `remove`, and after the same email is added again', async () => {
    await h.addUser('carl@lab.example', 'ROLE_READER');
    const old = await signedInEverywhere('carl@lab.example');

    await cli(['remove', 'carl@lab.example']);
    await sleep(TTL + 50);
    expect((await me(h.app, old)).statusCode).toBe(401);
    expect((await me(other, old)).statusCode).toBe(401);

    // A new account under the old email, same role and password even, is not the old one's sessions.
    await cli(['add', 'carl@lab.example', '--role', 'reader'], `${TEST_PASSWORD}\n`);
    expect((await me(h.app, old)).statusCode).toBe(401);
    expect((await me(other, old)).statusCode).toBe(401);
    const fresh = await h.signIn('carl@lab.example');
    expect((await me(other, fresh)).statusCode).toBe(200);
  });

  it('refuses a token after the role changed, even when changed back', async () => {
    await h.addUser('dana@lab.example', 'ROLE_ADMIN');
    const old = await signedInEverywhere('dana@lab.example');
    const setRole = (role: 'ROLE_ADMIN' | 'ROLE_READER') =>
      h.db.updateTable('appUser').set({ role }).where('email', '=', 'dana@lab.example').execute();
    await setRole('ROLE_READER');
    await setRole('ROLE_ADMIN');
    await sleep(TTL + 50);
    expect((await me(h.app, old)).statusCode).toBe(401);
    expect((await me(other, old)).statusCode).toBe(401);
  });

  it('keeps other accounts’ sessions', async () => {
    await h.addUser('erik@lab.example', 'ROLE_READER');
    await h.addUser('fina@lab.example', 'ROLE_READER');
    const kept = await signedInEverywhere('erik@lab.example');
    await cli(['passwd', 'fina@lab.example'], 'a-new-password-3\n');
    await sleep(TTL + 50);
    expect((await me(h.app, kept)).statusCode).toBe(200);
    expect((await me(other, kept)).statusCode).toBe(200);
  });
});
