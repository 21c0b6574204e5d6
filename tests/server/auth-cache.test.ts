// The account check behind every /api request is cached briefly (auth/plugin.ts): these tests pin
// both sides of that trade — no database round trip per request, and lost access within the TTL.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CHECK_TTL_MS } from '../../src/server/auth/plugin';
import { signAccessToken } from '../../src/server/auth/tokens';
import { TEST_JWT_SECRET, useHarness } from './harness';

const TTL = 300;
const h = useHarness({ accountCheckTtlMs: TTL });
/** A second harness whose account checks hold far longer than the token below lives. */
const long = useHarness({ accountCheckTtlMs: 60_000 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('account check cache', () => {
  it('keeps the default short enough that revocation is prompt', () => {
    expect(ACCOUNT_CHECK_TTL_MS).toBeLessThanOrEqual(10_000);
  });

  it('should not let a removed user in once the cached check has expired', async () => {
    await h.addUser('leaver@lab.example', 'ROLE_READER');
    const token = await h.signIn('leaver@lab.example');
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    await h.db.deleteFrom('appUser').where('email', '=', 'leaver@lab.example').execute();
    await sleep(TTL + 50);
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
  });

  it('should not give a demoted admin admin rights once the cached check has expired', async () => {
    await h.addUser('demoted2@lab.example', 'ROLE_ADMIN');
    const token = await h.signIn('demoted2@lab.example');
    expect((await h.request({ method: 'GET', url: '/api/auth/users', token })).statusCode).toBe(200);
    await h.db
      .updateTable('appUser')
      .set({ role: 'ROLE_READER' })
      .where('email', '=', 'demoted2@lab.example')
      .execute();
    await sleep(TTL + 50);
    expect((await h.request({ method: 'GET', url: '/api/auth/users', token })).statusCode).toBe(401);
  });

  it('still refuses a tampered token that reuses a cached one', async () => {
    await h.addUser('cached@lab.example', 'ROLE_READER');
    const token = await h.signIn('cached@lab.example');
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    const [head, payload, signature] = token.split('.');
    const forged = `${head}.${payload}.${signature?.slice(0, -2)}AA`;
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: forged })).statusCode).toBe(401);
  });

  it('refuses a token at its expiry even while its account check is cached', async () => {
    await long.addUser('brief@lab.example', 'ROLE_READER');
    const stored = await long.db
      .selectFrom('appUser')
      .select('credentialVersion')
      .where('email', '=', 'brief@lab.example')
      .executeTakeFirstOrThrow();
    const token = await signAccessToken(
      { email: 'brief@lab.example', roles: ['ROLE_READER'], cv: stored.credentialVersion },
      { secret: new TextEncoder().encode(TEST_JWT_SECRET), ttlSeconds: 2 },
    );
    expect((await long.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    expect((await long.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    // A JWT's exp is in whole seconds: two seconds after signing it has expired.
    await sleep(2_100);
    expect((await long.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
  });
});
