// Roles (docs/dev/product-rules.md#roles): only admins change data; the top bar shows a role
// without its prefix; the CLI and the docs spell roles short.
import { describe, expect, it } from 'vitest';
import { isAdmin, roleFromShort, roleLabel, roleSchema } from '../../src/domain/roles';

describe('roles', () => {
  it('an admin is a token carrying ROLE_ADMIN, whatever else it carries', () => {
    expect(isAdmin(['ROLE_READER', 'ROLE_ADMIN'])).toBe(true);
    expect(isAdmin(['ROLE_READER'])).toBe(false);
    expect(isAdmin([])).toBe(false);
  });
  it("the top bar shows the role without its leading 'ROLE_'", () => {
    expect(roleLabel('ROLE_ADMIN')).toBe('ADMIN');
    expect(roleLabel('ROLE_READER')).toBe('READER');
    expect(roleLabel('LAB_ROLE_X')).toBe('LAB_ROLE_X');
  });
  it('short names in any case give the long form; unknown ones none', () => {
    expect(roleFromShort('admin')).toBe('ROLE_ADMIN');
    expect(roleFromShort('Reader')).toBe('ROLE_READER');
    expect(roleFromShort('ADMIN')).toBe('ROLE_ADMIN');
    expect(roleFromShort('guest')).toBeUndefined();
  });
  it('a token role is one of the two', () => {
    expect(roleSchema.safeParse('ROLE_ADMIN').success).toBe(true);
    expect(roleSchema.safeParse('ROLE_GUEST').success).toBe(false);
  });
});
