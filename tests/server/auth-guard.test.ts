// Every /api route but sign-in, verify and the proxy's health check answers 401 without a valid token. The routes come from
// the OpenAPI document, so routes added by later issues are covered without touching this file.
import type { HTTPMethods } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_ISSUER, signAccessToken } from '../../src/server/auth/tokens';
import { TEST_JWT_SECRET, useHarness } from './harness';

const h = useHarness();

// Health is public for the reverse proxy and says nothing of the lab's data (tests/server/health.test.ts).
const PUBLIC = new Set(['POST /api/auth/signin', 'POST /api/auth/verify', 'GET /api/health']);

const protectedRoutes = (): { method: HTTPMethods; url: string }[] => {
  const doc = h.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .map((m) => ({ method: m.toUpperCase() as HTTPMethods, url: path.replace(/\{[^}]+\}/g, '1') }))
      .filter((r) => !PUBLIC.has(`${r.method} ${path}`)),
  );
};

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens that must all be refused, built from a valid one. */
const badTokens = async (): Promise<Record<string, string | undefined>> => {
  const valid = await h.tokenFor('ROLE_READER');
  const [header, payload, signature] = valid.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const email = claims['sub'] as string;
  const cv = claims['cv'] as number;
  const keys = { secret: new TextEncoder().encode(TEST_JWT_SECRET), ttlSeconds: 60 };
  return {
    'no header': undefined,
    'tampered payload (reader → admin)': `${header}.${b64({ ...claims, roles: ['ROLE_ADMIN'] })}.${signature}`,
    'tampered signature': `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
    expired: await signAccessToken({ email, roles: ['ROLE_READER'], cv }, keys, new Date(Date.now() - 3_600_000)),
    'signed with another secret': await signAccessToken(
      { email, roles: ['ROLE_READER'], cv },
      { ...keys, secret: new TextEncoder().encode('another-secret-of-at-least-32-characters') },
    ),
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'not a JWT': 'abc.def.ghi',
    'unknown user': await signAccessToken({ email: 'ghost@test.lab', roles: ['ROLE_ADMIN'], cv }, keys),
    'older credential version': await signAccessToken({ email, roles: ['ROLE_READER'], cv: cv - 1 }, keys),
    // As tokens were signed before they carried the credential version.
    'no credential version': await new SignJWT({ roles: ['ROLE_READER'] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(email)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keys.secret),
  };
};

describe('authentication of /api', () => {
  it('finds the protected routes in the OpenAPI document', () => {
    expect(protectedRoutes()).toEqual(expect.arrayContaining([{ method: 'GET', url: '/api/auth/me' }]));
  });

  it('answers 401 on every protected route for every kind of bad token', async () => {
    const tokens = await badTokens();
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      for (const [kind, token] of Object.entries(tokens)) {
        const res = await h.request({ ...route, token, payload: route.method === 'GET' ? undefined : {} });
        if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} with ${kind}: ${res.statusCode}`);
        else expect(res.json()).toEqual({ message: expect.any(String) });
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 for unknown /api paths without a token, so probing reveals nothing', async () => {
    expect((await h.request({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(401);
    expect((await h.request({ method: 'POST', url: '/api/no-such-thing' })).statusCode).toBe(401);
  });

  it('accepts a valid token', async () => {
    const token = await h.tokenFor('ROLE_READER');
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
  });

  it('rejects a Basic or malformed Authorization header', async () => {
    const token = await h.tokenFor('ROLE_READER');
    for (const authorization of [`Basic ${token}`, token, `Bearer`, `Bearer ${token} extra`]) {
      const res = await h.request({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('serves the OpenAPI document without a token', async () => {
    const res = await h.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/auth/signin']).toBeDefined();
  });
});
