// Accounts: used by sign-in, the first-start bootstrap and the user CLI. Every change runs in one
// transaction with its audit record; audit snapshots never contain the password hash.
import { sql, type Kysely } from 'kysely';
import { signInRequestSchema } from '../../domain/auth';
import { ROLES, type Role } from '../../domain/roles';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { recordAudit } from './audit';

export interface User {
  id: number;
  email: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
  /**
   * Changes with the password, role or email (a trigger of migration 0002); tokens carry the value
   * they were issued under and are refused once it changed, so `passwd` ends the sessions.
   */
  credentialVersion: number;
}

export type UserErrorCode = 'invalid' | 'exists' | 'not-found' | 'last-admin';

export class UserError extends Error {
  override name = 'UserError';
  constructor(
    readonly code: UserErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const sqlNow = sql<string>`localtimestamp(0)`;

const USER_COLUMNS = ['id', 'email', 'role', 'createdAt', 'updatedAt', 'credentialVersion'] as const;

/** Emails compare case-insensitively: stored and looked up trimmed and lowercased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const validEmail = (email: string): string => {
  const result = signInRequestSchema.shape.email.safeParse(email);
  if (!result.success) throw new UserError('invalid', `${result.error.issues[0]?.message ?? 'Invalid'}: '${email}'`);
  return normalizeEmail(result.data);
};

/** The same rule as the login form (docs/dev/product-rules.md#field-rules), so every stored password can be typed there. */
export const validatePassword = (password: string): string => {
  const result = signInRequestSchema.shape.password.safeParse(password);
  if (!result.success) throw new UserError('invalid', `Password: ${result.error.issues[0]?.message ?? 'Invalid'}`);
  return password;
};

const validRole = (role: string): Role => {
  if (!(ROLES as readonly string[]).includes(role)) throw new UserError('invalid', `Unknown role '${role}'`);
  return role as Role;
};

/** What the audit log keeps of a user. */
const snapshot = (u: User) => ({ email: u.email, role: u.role });

export const countUsers = async (db: Kysely<Database>): Promise<number> => {
  const row = await db.selectFrom('appUser').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
};

export const listUsers = (db: Kysely<Database>): Promise<User[]> =>
  db.selectFrom('appUser').select(USER_COLUMNS).orderBy('email').execute();

export const findUser = (db: Kysely<Database>, email: string): Promise<User | undefined> =>
  db.selectFrom('appUser').select(USER_COLUMNS).where('email', '=', normalizeEmail(email)).executeTakeFirst();

export interface NewUser {
  email: string;
  password: string;
  role: Role;
}

export const createUser = async (db: Kysely<Database>, input: NewUser, actor: string): Promise<User> => {
  const email = validEmail(input.email);
  const role = validRole(input.role);
  const passwordHash = await hashPassword(validatePassword(input.password));
  return db.transaction().execute(async (trx) => {
    const existing = await findUser(trx, email);
    if (existing) throw new UserError('exists', `User ${email} already exists`);
    const user = await trx
      .insertInto('appUser')
      .values({ email, passwordHash, role })
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actor, action: 'create', entity: 'user', key: email, after: snapshot(user) });
    return user;
  });
};

export const setPassword = async (db: Kysely<Database>, emailInput: string, password: string, actor: string): Promise<User> => {
  const email = normalizeEmail(emailInput);
  const passwordHash = await hashPassword(validatePassword(password));
  return db.transaction().execute(async (trx) => {
    const before = await findUser(trx, email);
    if (!before) throw new UserError('not-found', `No user ${email}`);
    const after = await trx
      .updateTable('appUser')
      .set({ passwordHash, updatedAt: sqlNow })
      .where('id', '=', before.id)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: 'update',
      entity: 'user',
      key: email,
      before: snapshot(before),
      after: { ...snapshot(after), passwordChanged: true },
    });
    return after;
  });
};

export const removeUser = async (db: Kysely<Database>, emailInput: string, actor: string): Promise<User> => {
  const email = normalizeEmail(emailInput);
  return db.transaction().execute(async (trx) => {
    const before = await findUser(trx, email);
    if (!before) throw new UserError('not-found', `No user ${email}`);
    if (before.role === 'ROLE_ADMIN') {
      const admins = await trx
        .selectFrom('appUser')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'ROLE_ADMIN')
        .executeTakeFirstOrThrow();
      if (Number(admins.n) <= 1) throw new UserError('last-admin', `${email} is the last admin; add another admin first`);
    }
    await trx.deleteFrom('appUser').where('id', '=', before.id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'user', key: email, before: snapshot(before) });
    return before;
  });
};

/** The user for a correct email and password, else undefined (same timing either way). */
export const authenticate = async (db: Kysely<Database>, email: string, password: string): Promise<User | undefined> => {
  const row = await db
    .selectFrom('appUser')
    .select([...USER_COLUMNS, 'passwordHash'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  if (!row) return verifyAgainstDummy(password).then(() => undefined);
  if (!(await verifyPassword(password, row.passwordHash))) return undefined;
  const { passwordHash: _hash, ...user } = row;
  return user;
};
