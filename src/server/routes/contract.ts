// What every route's contract shares (docs/dev/architecture.md#api-contract): the bearer token, and the error answers a
// read or an admin write may give, each `{message, errors?}`.
import { apiErrorSchema } from '../../domain/auth';

export const SECURITY = [{ bearerAuth: [] }];

/** Bad input and no valid token. */
export const READ_ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema } as const;

/** A read's errors and the admin check (docs/dev/product-rules.md#roles: 403 for a reader). */
export const WRITE_ERRORS = { ...READ_ERRORS, 403: apiErrorSchema } as const;
