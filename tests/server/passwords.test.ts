import { describe, expect, it } from 'vitest';
import { HASH_PATTERN, hashPassword, verifyPassword } from '../../src/server/auth/passwords';
import { useHarness } from './harness';

const h = useHarness();

describe('password storage', () => {
  it('stores a salted scrypt hash, never the password', async () => {
    const password = 'Zuckerrübe-2025!';
    await h.addUser('hash@lab.example', 'ROLE_READER', password);
    await h.addUser('hash2@lab.example', 'ROLE_READER', password);
    const rows = await h.db.selectFrom('appUser').select(['email', 'passwordHash']).where('email', 'like', 'hash%').execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.passwordHash).toMatch(HASH_PATTERN);
      expect(row.passwordHash).not.toContain(password);
    }
    // Same password, different salt → different hashes.
    expect(rows[0]!.passwordHash).not.toBe(rows[1]!.passwordHash);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('right-password');
    expect(await verifyPassword('right-password', hash)).toBe(true);
    expect(await verifyPassword('wrong-password', hash)).toBe(false);
    expect(await verifyPassword('right-password', 'right-password')).toBe(false);
    expect(await verifyPassword('right-password', hash.replace(/\$15\$/, '$30$'))).toBe(false);
  });

  it('logs neither the password nor the token during sign-in and use', async () => {
    const password = 'Very-Secret-Passw0rd';
    await h.addUser('logged@lab.example', 'ROLE_ADMIN', password);
    const before = h.logs.length;
    const ok = await h.request({ method: 'POST', url: '/api/auth/signin', payload: { email: 'logged@lab.example', password } });
    expect(ok.statusCode).toBe(200);
    const token = ok.json<{ accessToken: string }>().accessToken;
    const wrong = await h.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'logged@lab.example', password: `${password}-wrong` },
    });
    expect(wrong.statusCode).toBe(401);
    await h.request({ method: 'GET', url: '/api/auth/me', token });
    await h.request({ method: 'POST', url: '/api/auth/verify', payload: token, headers: { 'content-type': 'text/plain' } });
    const written = h.logs.slice(before).join('\n');
    expect(written).toContain('/api/auth/signin'); // the request log is on
    expect(written).not.toContain(password);
    expect(written).not.toContain(token);
    expect(written).not.toContain(token.split('.')[2]);
  });
});
