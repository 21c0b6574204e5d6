import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin, generatePassword } from '../../src/server/bootstrap';
import { verifyPassword } from '../../src/server/auth/passwords';
import { useHarness } from './harness';

const h = useHarness();

afterEach(async () => {
  await h.db.deleteFrom('appUser').execute();
});

describe('first admin on first start', () => {
  it('generates a password, prints it once in a box, and audits the account', async () => {
    const printed: string[] = [];
    const result = await ensureFirstAdmin(h.db, { admin: { email: undefined, password: undefined } }, (t) => printed.push(t));
    expect(result?.created).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, role: 'ROLE_ADMIN' });
    const password = result!.generatedPassword!;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(`${DEFAULT_ADMIN_EMAIL} / ${password}`);
    expect(printed[0]).toContain(`npm run user -- passwd ${DEFAULT_ADMIN_EMAIL}`);
    expect(await h.signIn(DEFAULT_ADMIN_EMAIL, password)).toBeTruthy();
    const audit = await h.db.selectFrom('auditEvent').selectAll().where('entityKey', '=', DEFAULT_ADMIN_EMAIL).execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'system', action: 'create', entity: 'user' })]);
    expect(JSON.stringify(audit)).not.toContain(password);

    // Second start: an account exists, nothing is created or printed.
    expect(await ensureFirstAdmin(h.db, { admin: { email: undefined, password: undefined } }, (t) => printed.push(t))).toBeUndefined();
    expect(printed).toHaveLength(1);
  });

  it('uses LAB_ADMIN_EMAIL and LAB_ADMIN_PASSWORD and prints no password', async () => {
    const printed: string[] = [];
    const result = await ensureFirstAdmin(h.db, { admin: { email: 'Boss@Lab.example', password: 'given-password' } }, (t) =>
      printed.push(t),
    );
    expect(result).toEqual({ created: expect.objectContaining({ email: 'boss@lab.example', role: 'ROLE_ADMIN' }) });
    expect(printed.join('')).not.toContain('given-password');
    const row = await h.db.selectFrom('appUser').select('passwordHash').executeTakeFirstOrThrow();
    expect(await verifyPassword('given-password', row.passwordHash)).toBe(true);
  });

  it('refuses a LAB_ADMIN_PASSWORD the login form would refuse', async () => {
    await expect(ensureFirstAdmin(h.db, { admin: { email: undefined, password: 'short' } }, () => undefined)).rejects.toThrow(
      'Min 8 characters',
    );
  });

  it('generates passwords from the whole alphabet without look-alikes', () => {
    const many = Array.from({ length: 200 }, () => generatePassword()).join('');
    expect(many).not.toMatch(/[0O1lI]/);
    expect(new Set(many).size).toBeGreaterThan(50);
  });
});
