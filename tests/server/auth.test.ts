import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../src/domain/auth';
import { HTTP_MESSAGES } from '../../src/server/http/errors';
import { TEST_PASSWORD, createHarness, useHarness } from './harness';

const h = useHarness();

const signIn = (email: string, password: string) =>
  h.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });

describe('POST /api/auth/signin', () => {
  it('answers a token with the admin role for an admin', async () => {
    await h.addUser('anna@lab.example', 'ROLE_ADMIN');
    const res = await signIn('anna@lab.example', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'anna@lab.example', roles: ['ROLE_ADMIN'] });
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({ sub: 'anna@lab.example', roles: ['ROLE_ADMIN'], iss: 'labdesk' });
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
  });

  it('answers a token with the reader role for a reader', async () => {
    await h.addUser('rudi@lab.example', 'ROLE_READER');
    const res = await signIn('rudi@lab.example', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['ROLE_READER']);
    expect(decodeJwt(res.json().accessToken).roles).toEqual(['ROLE_READER']);
  });

  it('matches the email regardless of case and surrounding spaces', async () => {
    await h.addUser('case@lab.example', 'ROLE_READER');
    const res = await signIn('  Case@LAB.example ', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('case@lab.example');
  });

  it('answers 401 Bad credentials for a wrong password', async () => {
    await h.addUser('wrong@lab.example', 'ROLE_ADMIN');
    const res = await signIn('wrong@lab.example', 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: LOGIN_MESSAGES.badCredentials });
  });

  it('answers 401 Bad credentials for an unknown user', async () => {
    const res = await signIn('nobody@lab.example', TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: LOGIN_MESSAGES.badCredentials });
  });

  it('answers 400 with the login form messages for invalid input', async () => {
    const res = await signIn('not-an-email', 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: HTTP_MESSAGES.validation,
      errors: [LOGIN_MESSAGES.email, LOGIN_MESSAGES.minPassword],
    });
  });

  it('answers 400 Required for missing fields', async () => {
    const res = await h.request({ method: 'POST', url: '/api/auth/signin', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContain(LOGIN_MESSAGES.required);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after repeated failures, even for the right password, and only for that email', async () => {
    const limited = await createHarness({ signInLimits: { maxFailures: 3, windowMs: 60_000 } });
    try {
      await limited.addUser('target@lab.example', 'ROLE_ADMIN');
      await limited.addUser('other@lab.example', 'ROLE_ADMIN');
      const attempt = (email: string, password: string) =>
        limited.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
      for (let i = 0; i < 3; i++) expect((await attempt('target@lab.example', 'guess-number-' + i)).statusCode).toBe(401);
      const blocked = await attempt('target@lab.example', TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: LOGIN_MESSAGES.tooManyAttempts });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt('other@lab.example', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('does not count successful sign-ins', async () => {
    const limited = await createHarness({ signInLimits: { maxFailures: 2, windowMs: 60_000 } });
    try {
      await limited.addUser('often@lab.example', 'ROLE_READER');
      for (let i = 0; i < 5; i++) await limited.signIn('often@lab.example');
    } finally {
      await limited.close();
    }
  });

  it('counts parallel guesses before any is answered', async () => {
    const limited = await createHarness({ signInLimits: { maxFailures: 3, windowMs: 60_000 } });
    try {
      await limited.addUser('burst@lab.example', 'ROLE_READER');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          limited.request({ method: 'POST', url: '/api/auth/signin', payload: { email: 'burst@lab.example', password: `guess-${i}-xx` } }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/verify', () => {
  it('answers 200 with email and roles for a valid token, sent as text or JSON', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const asText = await h.request({ method: 'POST', url: '/api/auth/verify', payload: token, headers: { 'content-type': 'text/plain' } });
    expect(asText.statusCode).toBe(200);
    expect(asText.json()).toEqual({ email: expect.stringMatching(/^reader\d+@test\.lab$/), roles: ['ROLE_READER'] });
    const asJsonString = await h.request({
      method: 'POST',
      url: '/api/auth/verify',
      payload: JSON.stringify(token),
      headers: { 'content-type': 'application/json' },
    });
    expect(asJsonString.json()).toEqual(asText.json());
    const bareWithJsonType = await h.request({
      method: 'POST',
      url: '/api/auth/verify',
      payload: token,
      headers: { 'content-type': 'application/json' },
    });
    expect(bareWithJsonType.statusCode).toBe(200);
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['empty', ''],
  ])('answers 401 for a %s token', async (_name, payload) => {
    const res = await h.request({ method: 'POST', url: '/api/auth/verify', payload, headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.invalidToken });
  });

  it('answers 401 once the user is removed', async () => {
    await h.addUser('gone@lab.example', 'ROLE_READER');
    const token = await h.signIn('gone@lab.example');
    await h.db.deleteFrom('appUser').where('email', '=', 'gone@lab.example').execute();
    const verify = await h.request({ method: 'POST', url: '/api/auth/verify', payload: token, headers: { 'content-type': 'text/plain' } });
    expect(verify.statusCode).toBe(401);
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
  });

  it("answers 401 once the user's role changed", async () => {
    await h.addUser('demoted@lab.example', 'ROLE_ADMIN');
    const token = await h.signIn('demoted@lab.example');
    await h.db.updateTable('appUser').set({ role: 'ROLE_READER' }).where('email', '=', 'demoted@lab.example').execute();
    const verify = await h.request({ method: 'POST', url: '/api/auth/verify', payload: token, headers: { 'content-type': 'text/plain' } });
    expect(verify.statusCode).toBe(401);
  });
});

describe('protected routes', () => {
  it('GET /api/auth/me answers the token user', async () => {
    const token = await h.tokenFor('ROLE_ADMIN');
    const res = await h.request({ method: 'GET', url: '/api/auth/me', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: expect.stringMatching(/^admin\d+@test\.lab$/), roles: ['ROLE_ADMIN'] });
  });

  it('GET /api/auth/users lists accounts for an admin, without password hashes', async () => {
    const token = await h.tokenFor('ROLE_ADMIN');
    const res = await h.request({ method: 'GET', url: '/api/auth/users', token });
    expect(res.statusCode).toBe(200);
    const { users } = res.json<{ users: Record<string, unknown>[] }>();
    expect(users.length).toBeGreaterThan(0);
    for (const u of users) expect(Object.keys(u).sort()).toEqual(['createdAt', 'email', 'role', 'updatedAt']);
    expect(res.body).not.toContain('scrypt');
  });

  it('should not list users as a reader (403)', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const res = await h.request({ method: 'GET', url: '/api/auth/users', token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.forbidden });
  });
});
