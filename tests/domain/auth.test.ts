// The sign-in contract (src/domain/auth.ts, docs/dev/product-rules.md#field-rules login rules): the
// form's messages in the order the form shows them (the first one), the answers the browser accepts,
// and when a stored session still matches the server's view of its token. The login form, the
// server's route and the auth machine use these; here each rule is judged on its own.
import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  LOGIN_MESSAGES,
  PASSWORD_MIN,
  sessionMatches,
  signInRequestSchema,
  signInResponseSchema,
  storedUserSchema,
  verifyResponseSchema,
} from '../../src/domain/auth';

/** The message the form shows for a field: the first issue of that field. */
const firstMessage = (input: unknown, field: 'email' | 'password'): string | undefined => {
  const result = signInRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
};

describe('the sign-in form', () => {
  const password = 'correct horse';

  it.each([
    ['', LOGIN_MESSAGES.required],
    ['   ', LOGIN_MESSAGES.required],
    ['lab', LOGIN_MESSAGES.email],
    ['lab@', LOGIN_MESSAGES.email],
    ['a@lab.test', undefined],
  ])('email %j: %j', (email, message) => expect(firstMessage({ email, password }, 'email')).toBe(message));

  it('takes the email without the white space around it', () => {
    expect(signInRequestSchema.parse({ email: '  a@lab.test ', password })).toEqual({
      email: 'a@lab.test',
      password,
    });
  });

  it.each([
    ['', LOGIN_MESSAGES.required],
    ['x'.repeat(PASSWORD_MIN - 1), LOGIN_MESSAGES.minPassword],
    ['x'.repeat(PASSWORD_MIN), undefined],
    // A password is taken as typed: spaces count.
    [' '.repeat(PASSWORD_MIN), undefined],
  ])('password %j: %j', (pw, message) =>
    expect(firstMessage({ email: 'a@lab.test', password: pw }, 'password')).toBe(message),
  );

  it('asks for 8 characters at least', () => expect(PASSWORD_MIN).toBe(8));
});

describe("the server's answers", () => {
  const signedIn = { accessToken: 't', email: 'a@lab.test', roles: ['ROLE_ADMIN'] };

  it('a sign-in gives the token, the email and known roles', () => {
    expect(signInResponseSchema.parse(signedIn)).toEqual(signedIn);
    for (const missing of ['accessToken', 'email', 'roles'])
      expect(signInResponseSchema.safeParse({ ...signedIn, [missing]: undefined }).success).toBe(false);
    expect(signInResponseSchema.safeParse({ ...signedIn, roles: ['ROLE_ROOT'] }).success).toBe(false);
  });

  it('a check of the token gives the email and known roles', () => {
    expect(verifyResponseSchema.parse({ email: 'a@lab.test', roles: ['ROLE_READER'] })).toEqual({
      email: 'a@lab.test',
      roles: ['ROLE_READER'],
    });
    expect(verifyResponseSchema.safeParse({ email: 'a@lab.test' }).success).toBe(false);
    expect(verifyResponseSchema.safeParse({ roles: [] }).success).toBe(false);
    expect(verifyResponseSchema.safeParse({ email: 'a@lab.test', roles: ['admin'] }).success).toBe(false);
  });

  it('the stored user is the sign-in plus whether it is logged in', () => {
    expect(storedUserSchema.parse({ ...signedIn, loggedIn: true })).toEqual({ ...signedIn, loggedIn: true });
    expect(storedUserSchema.safeParse(signedIn).success).toBe(false);
    expect(storedUserSchema.safeParse({ ...signedIn, accessToken: undefined, loggedIn: true }).success).toBe(
      false,
    );
  });

  it('a failure says its message and maybe its reasons, as text', () => {
    expect(apiErrorSchema.parse({ message: 'Bad credentials' })).toEqual({ message: 'Bad credentials' });
    expect(apiErrorSchema.parse({ message: 'x', errors: ['a', 'b'] })).toEqual({
      message: 'x',
      errors: ['a', 'b'],
    });
    expect(apiErrorSchema.safeParse({ errors: ['a'] }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ message: 'x', errors: [1] }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ message: 'x', errors: 'a' }).success).toBe(false);
  });
});

describe('sessionMatches: the stored session against what the server says of its token', () => {
  const stored = { email: 'a@lab.test', roles: ['ROLE_ADMIN', 'ROLE_READER'] as const };

  it('matches the same email and roles, in any order', () => {
    expect(
      sessionMatches(
        { ...stored, roles: [...stored.roles] },
        { email: 'a@lab.test', roles: ['ROLE_READER', 'ROLE_ADMIN'] },
      ),
    ).toBe(true);
    expect(sessionMatches({ email: 'a@lab.test', roles: [] }, { email: 'a@lab.test', roles: [] })).toBe(true);
  });

  it.each([
    ['another email', { email: 'b@lab.test', roles: ['ROLE_ADMIN', 'ROLE_READER'] }],
    ['a role taken away', { email: 'a@lab.test', roles: ['ROLE_READER'] }],
    ['another role', { email: 'a@lab.test', roles: ['ROLE_READER', 'ROLE_READER'] }],
  ] as const)('does not match %s', (_name, verified) =>
    expect(
      sessionMatches({ ...stored, roles: [...stored.roles] }, { ...verified, roles: [...verified.roles] }),
    ).toBe(false),
  );

  it('does not match a role given since, whichever sorts first', () => {
    expect(
      sessionMatches(
        { email: 'a@lab.test', roles: ['ROLE_ADMIN'] },
        { email: 'a@lab.test', roles: ['ROLE_ADMIN', 'ROLE_READER'] },
      ),
    ).toBe(false);
    expect(
      sessionMatches(
        { email: 'a@lab.test', roles: ['ROLE_READER'] },
        { email: 'a@lab.test', roles: ['ROLE_ADMIN', 'ROLE_READER'] },
      ),
    ).toBe(false);
  });

  it('matches stored roles out of order, and leaves them in their order', () => {
    const roles = ['ROLE_READER', 'ROLE_ADMIN'] as ('ROLE_READER' | 'ROLE_ADMIN')[];
    expect(
      sessionMatches(
        { email: 'a@lab.test', roles },
        { email: 'a@lab.test', roles: ['ROLE_ADMIN', 'ROLE_READER'] },
      ),
    ).toBe(true);
    expect(roles).toEqual(['ROLE_READER', 'ROLE_ADMIN']);
  });
});
