// Runtime configuration from the environment (docs/dev/architecture.md#running). Everything the server and the CLIs
// need is read here once, validated, and passed on as a plain object: nothing else reads process.env.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import { isIP } from 'node:net';
import { isAbsolute, join, relative, resolve } from 'node:path';

export interface PrinterAddress {
  host: string;
  port: number;
}

export interface Config {
  port: number;
  /** Absolute path of LAB_DATA_DIR. */
  dataDir: string;
  /** `postgres://…` → PostgreSQL; undefined → embedded PGlite in `<dataDir>/db`. */
  databaseUrl: string | undefined;
  /** HS256 key. */
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  timezone: string;
  printer: PrinterAddress | undefined;
  syncSource: string;
  /** LAB_SYNC_MAX_FILE_MB: a sync file larger than this is refused with a reason (bytes). */
  syncMaxFileBytes: number;
  admin: { email: string | undefined; password: string | undefined };
  /** pino level for the request log. */
  logLevel: string;
  /**
   * LAB_TRUST_PROXY: which peers' X-Forwarded-For is believed (Fastify `trustProxy`). Unset: none,
   * so request.ip is the TCP peer and a client cannot pick its address by sending the header. Set
   * it when a reverse proxy sits in front, or the sign-in limit counts every user as the proxy:
   * a hop count (`1`), or a comma list of addresses, CIDR ranges and the names `loopback`,
   * `linklocal`, `uniquelocal` (`loopback`, `10.0.0.5, 192.168.0.0/16`).
   */
  trustProxy: number | string[] | undefined;
  /** Export jobs (exports/service.ts): retention of undownloaded files and the per-user quota. */
  exports: ExportLimits;
}

export interface ExportLimits {
  /** LAB_EXPORT_RETENTION: a file nobody downloaded is removed this long after it was written. */
  retentionMs: number;
  /** LAB_EXPORT_JOBS_PER_USER: running export jobs per user. */
  runningPerUser: number;
  /** LAB_EXPORT_QUOTA_MB: bytes of a user's files waiting for download; past it no new export starts. */
  storedBytesPerUser: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  retentionMs: 2 * 3600 * 1000,
  runningPerUser: 1,
  storedBytesPerUser: 1024 * 1024 * 1024,
};

const parseWhole = (raw: string, name: string, min: number, max: number): number => {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  return n;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export const DEFAULT_PORT = 8080;
export const DEFAULT_TOKEN_TTL = '12h';
export const JWT_SECRET_FILE = 'jwt-secret';
/** HS256 keys shorter than the hash output weaken it; refuse them rather than sign with them. */
const MIN_SECRET_LENGTH = 32;

const value = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

export const DEFAULT_SYNC_MAX_FILE_MB = 100;

const parseMegabytes = (raw: string, name: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new ConfigError(`${name} must be a whole number of megabytes (1-100000), got '${raw}'`);
  return n * 1024 * 1024;
};

const parsePort = (raw: string, name: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new ConfigError(`${name} must be a port number (1-65535), got '${raw}'`);
  return n;
};

/** '12h', '30m', '45s', '2d' or plain seconds. */
export const parseDuration = (raw: string, name: string): number => {
  const m = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  const factor = { '': 1, s: 1, m: 60, h: 3600, d: 86400 } as const;
  if (!m) throw new ConfigError(`${name} must be a duration like 12h, 30m or 3600, got '${raw}'`);
  const seconds = Number(m[1]) * factor[m[2] as keyof typeof factor];
  if (seconds <= 0) throw new ConfigError(`${name} must be positive`);
  return seconds;
};

const parseTimezone = (raw: string): string => {
  // The runtime's list of zones answers for the usual names in a millisecond; it leaves out aliases
  // and 'UTC', which the formatter judges (about 25 ms at start-up, before the database's thread
  // can start: main.ts reads the configuration first).
  if (Intl.supportedValuesOf('timeZone').includes(raw)) return raw;
  try {
    // Throws RangeError for zones the runtime does not know; PostgreSQL knows the same IANA names.
    new Intl.DateTimeFormat('en', { timeZone: raw });
  } catch {
    throw new ConfigError(`LAB_TIMEZONE '${raw}' is not a known IANA time zone (e.g. Europe/Vienna)`);
  }
  return raw;
};

const parsePrinter = (raw: string): PrinterAddress => {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(raw);
  if (!m?.[1]) throw new ConfigError(`LAB_PRINTER must be host:port, got '${raw}'`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port: m[2] ? parsePort(m[2], 'LAB_PRINTER port') : 9100 };
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const parseLogLevel = (raw: string): string => {
  if (!LOG_LEVELS.includes(raw)) throw new ConfigError(`LAB_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return raw;
};

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const parseTrustProxy = (raw: string): number | string[] => {
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 32) throw new ConfigError(`LAB_TRUST_PROXY as a hop count must be 1 to 32, got '${raw}'`);
    return hops;
  }
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const item of items) {
    const [address, bits, extra] = item.split('/');
    const version = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(item) && (version === 0 || !validBits || extra !== undefined))
      throw new ConfigError(
        `LAB_TRUST_PROXY must be a hop count or a comma list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; '${item}' is none`,
      );
  }
  return items;
};

const parseDatabaseUrl = (raw: string): string => {
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  return raw;
};

/**
 * The signing key: LAB_JWT_SECRET, else a key generated once and kept in the data dir so tokens
 * survive restarts and instances sharing the volume agree on it.
 */
const resolveJwtSecret = (env: Env, dataDir: string): Uint8Array => {
  const fromEnv = value(env, 'LAB_JWT_SECRET');
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_LENGTH)
      throw new ConfigError(`LAB_JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return new TextEncoder().encode(fromEnv);
  }
  const file = join(dataDir, JWT_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' makes creation atomic: of two instances starting together one writes, the other reads.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) throw new ConfigError(`${file} holds a key shorter than ${MIN_SECRET_LENGTH} characters`);
  return new TextEncoder().encode(secret);
};

/**
 * Everything the server and its CLIs create — the data dir, the embedded database's files, the
 * signing key, export files, the lock — is for the owner alone (dirs 0700, files 0600): the
 * database holds the lab's results and the password hashes. A umask covers files written by
 * libraries too (PGlite, exports); called first thing by each entry point, not by library code.
 */
export const OWNER_ONLY_UMASK = 0o077;
export const restrictToOwner = (): void => {
  process.umask(OWNER_ONLY_UMASK);
};

/**
 * Takes group and other bits off a tree (dirs 0700, files 0600 at most). PGlite's file system layer
 * sets its files to 0666 explicitly, past any umask; serve.ts runs this over the data dir once the
 * server is in service. Files PGlite creates later lie in 0700 directories, out of others' reach.
 * The database works meanwhile: an entry that is gone by the time it is reached is skipped.
 */
export const restrictTreeToOwner = async (path: string): Promise<void> => {
  try {
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) await chmod(path, stat.mode & 0o700);
    if (stat.isDirectory()) for (const name of await readdir(path)) await restrictTreeToOwner(join(path, name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
};

export const loadConfig = (env: Env = process.env, cwd: string = process.cwd()): Config => {
  const dataDir = resolve(cwd, value(env, 'LAB_DATA_DIR') ?? './data');
  const syncSource = value(env, 'LAB_SYNC_SOURCE');
  const printer = value(env, 'LAB_PRINTER');
  const databaseUrl = value(env, 'DATABASE_URL');
  const trustProxy = value(env, 'LAB_TRUST_PROXY');
  return {
    port: parsePort(value(env, 'LAB_PORT') ?? String(DEFAULT_PORT), 'LAB_PORT'),
    dataDir,
    databaseUrl: databaseUrl ? parseDatabaseUrl(databaseUrl) : undefined,
    jwtSecret: resolveJwtSecret(env, dataDir),
    tokenTtlSeconds: parseDuration(value(env, 'LAB_TOKEN_TTL') ?? DEFAULT_TOKEN_TTL, 'LAB_TOKEN_TTL'),
    timezone: parseTimezone(value(env, 'LAB_TIMEZONE') ?? 'Europe/Vienna'),
    printer: printer ? parsePrinter(printer) : undefined,
    syncSource: syncSource ? resolve(cwd, syncSource) : join(dataDir, 'inbox'),
    syncMaxFileBytes: parseMegabytes(value(env, 'LAB_SYNC_MAX_FILE_MB') ?? String(DEFAULT_SYNC_MAX_FILE_MB), 'LAB_SYNC_MAX_FILE_MB'),
    admin: { email: value(env, 'LAB_ADMIN_EMAIL'), password: env['LAB_ADMIN_PASSWORD'] || undefined },
    logLevel: parseLogLevel(value(env, 'LAB_LOG_LEVEL') ?? 'info'),
    trustProxy: trustProxy ? parseTrustProxy(trustProxy) : undefined,
    exports: parseExportLimits(env),
  };
};

const parseExportLimits = (env: Env): ExportLimits => {
  const retention = value(env, 'LAB_EXPORT_RETENTION');
  const perUser = value(env, 'LAB_EXPORT_JOBS_PER_USER');
  const quota = value(env, 'LAB_EXPORT_QUOTA_MB');
  return {
    retentionMs: retention
      ? parseDuration(retention, 'LAB_EXPORT_RETENTION') * 1000
      : DEFAULT_EXPORT_LIMITS.retentionMs,
    runningPerUser: perUser ? parseWhole(perUser, 'LAB_EXPORT_JOBS_PER_USER', 1, 100) : DEFAULT_EXPORT_LIMITS.runningPerUser,
    storedBytesPerUser: quota
      ? parseWhole(quota, 'LAB_EXPORT_QUOTA_MB', 1, 1_000_000) * 1024 * 1024
      : DEFAULT_EXPORT_LIMITS.storedBytesPerUser,
  };
};

/** A path as the user would type it: relative to the working directory when inside it. */
export const displayPath = (path: string, cwd: string = process.cwd()): string => {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? `./${rel}` : path;
};
