// Password hashing with scrypt from node:crypto (no native add-on to install). The stored string
// carries its own parameters, so they can be raised later without invalidating existing hashes:
//   scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** N = 2^15, r = 8: about 32 MiB and tens of milliseconds per hash — OWASP's scrypt baseline. */
const DEFAULT = { logN: 15, r: 8, p: 1 } as const;

const derive = (password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> => {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
};

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  const { logN, r, p } = DEFAULT;
  const key = await derive(password, salt, logN, r, p);
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const HASH_PATTERN = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([\w-]+)\$([\w-]+)$/;

/** False for a wrong password and for anything that is not one of our hashes. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const m = HASH_PATTERN.exec(stored);
  if (!m) return false;
  const [logN, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Bounds keep a tampered row from making us allocate gigabytes.
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const expected = Buffer.from(m[5] ?? '', 'base64url');
  const actual = await derive(password, Buffer.from(m[4] ?? '', 'base64url'), logN, r, p);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

let dummyHash: Promise<string> | undefined;
/**
 * Burns the time of one verification. Sign-in calls it for unknown emails so that response time
 * does not tell which accounts exist.
 */
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('labdesk-dummy-password');
  await verifyPassword(password, await dummyHash);
  return false;
};
