// Sign-in contract (docs/dev/product-rules.md#field-rules login rules, docs/dev/architecture.md#api-contract) shared by the login form and the server.
import { z } from 'zod';
import { roleSchema } from './roles';

export const LOGIN_MESSAGES = {
  required: 'Required',
  minPassword: 'Min 8 characters',
  email: 'E-Mail must be valid',
  unsuccessful: 'Login was unsuccessful!',
  badCredentials: 'Bad credentials',
  tooManyAttempts: 'Too many sign-in attempts, please wait a minute.',
} as const;

export const PASSWORD_MIN = 8;

export const signInRequestSchema = z.object({
  email: z.string().trim().min(1, LOGIN_MESSAGES.required).email(LOGIN_MESSAGES.email),
  password: z.string().min(1, LOGIN_MESSAGES.required).min(PASSWORD_MIN, LOGIN_MESSAGES.minPassword),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const signInResponseSchema = z.object({
  accessToken: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const verifyResponseSchema = z.object({
  email: z.string(),
  roles: z.array(roleSchema),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** What the browser keeps in local storage under 'user' (docs/dev/product-rules.md#records). */
export const storedUserSchema = signInResponseSchema.extend({ loggedIn: z.boolean() });
export type StoredUser = z.infer<typeof storedUserSchema>;

/**
 * A token is valid only if the server accepts it and the stored email and roles match
 * the token's subject and roles (docs/dev/product-rules.md#behaviour).
 */
export const sessionMatches = (stored: Pick<StoredUser, 'email' | 'roles'>, verified: VerifyResponse): boolean =>
  stored.email === verified.email &&
  stored.roles.length === verified.roles.length &&
  [...stored.roles].sort().every((r, i) => r === [...verified.roles].sort()[i]);

/** Error body of every failed API call (docs/dev/architecture.md#api-contract). */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
