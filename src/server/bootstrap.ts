// First start: with no account at all, create an admin so someone can sign in. Credentials come
// from LAB_ADMIN_EMAIL/LAB_ADMIN_PASSWORD, else a random password is generated and printed once —
// it is stored only as a hash, so this is the only time anyone sees it.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import { countUsers, createUser, type User } from './services/users';

export const DEFAULT_ADMIN_EMAIL = 'admin@labdesk.local';

export interface BootstrapResult {
  created: User;
  /** Set when the password was generated (and printed). */
  generatedPassword?: string;
}

/** 16 characters from an alphabet without look-alikes (0/O, 1/l/I), easy to copy from a terminal. */
export const generatePassword = (length = 16): string => {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  // 256 % 57 ≠ 0, so reject bytes above the largest multiple to keep every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
};

export const firstAdminBanner = (email: string, password: string): string => {
  const lines = [
    'First admin created — this password is shown only once:',
    '',
    `  ${email} / ${password}`,
    '',
    `Change it with:  npm run user -- passwd ${email}`,
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`, ''].join('\n');
};

export const ensureFirstAdmin = async (
  db: Kysely<Database>,
  config: Pick<Config, 'admin'>,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<BootstrapResult | undefined> => {
  if ((await countUsers(db)) > 0) return undefined;
  const email = config.admin.email ?? DEFAULT_ADMIN_EMAIL;
  const given = config.admin.password;
  const password = given ?? generatePassword();
  let created: User;
  try {
    created = await createUser(db, { email, password, role: 'ROLE_ADMIN' }, 'system');
  } catch (err) {
    // Another instance on the same PostgreSQL won the race to create the first account.
    if ((await countUsers(db)) > 0) return undefined;
    throw err;
  }
  if (given) {
    print(`labdesk: first admin ${created.email} created from LAB_ADMIN_EMAIL/LAB_ADMIN_PASSWORD.\n`);
    return { created };
  }
  print(firstAdminBanner(created.email, password));
  return { created, generatedPassword: password };
};
