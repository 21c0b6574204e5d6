// Roles come from the token (docs/dev/product-rules.md#roles). Only admins change data.
import { z } from 'zod';

export const ROLES = ['ROLE_ADMIN', 'ROLE_READER'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const isAdmin = (roles: readonly string[]): boolean => roles.includes('ROLE_ADMIN');

/** The top bar shows the role without its prefix: 'ROLE_ADMIN' → 'ADMIN'. */
export const roleLabel = (role: string): string => role.replace(/^ROLE_/, '');

const SHORT: Record<string, Role> = { admin: 'ROLE_ADMIN', reader: 'ROLE_READER' };
/** CLI and docs spell roles short (admin|reader); the token carries the long form. */
export const roleFromShort = (short: string): Role | undefined => SHORT[short.toLowerCase()];
