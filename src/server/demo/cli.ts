// `npm run demo [-- --samples N --seed S --data-dir DIR --campaign-start YYYY-MM-DD --fresh --no-start]`
//
// Makes a fresh demo data dir (default ./data-demo), migrates it, fills it with a campaign up to
// the lab's "now", adds two known accounts and then starts the app on it exactly as `npm start`
// does. With DATABASE_URL the campaign goes into that PostgreSQL database instead, but only if it
// holds no samples yet (the demo never mixes with real data).
//
// Wiping: a data dir is only ever emptied when it carries the marker file this command writes, or
// when --fresh says so explicitly — so pointing --data-dir at a real lab's data dir by mistake is
// refused instead of deleting its database.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, parse, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { formatLabDate, formatLabDateTime, labNow, parseLabDate } from '../../domain/datetime';
import type { Role } from '../../domain/roles';
import { displayPath, loadConfig, restrictToOwner } from '../config';
import { createDb, type DbHandle } from '../db/create-db';
import type { Database } from '../db/database';
import { acquireDataDirLock, LOCK_FILE, type DataDirLock } from '../db/lock';
import { migrateToLatest } from '../db/migrate';
import { createUser, findUser, setPassword } from '../services/users';
import { DemoError, generateDemo, type DemoCounts, type DemoProgress } from './generate';

export const DEFAULT_DEMO_DIR = './data-demo';
export const DEFAULT_DEMO_SAMPLES = 5000;
export const DEFAULT_DEMO_SEED = 1;
/** Written into every demo data dir: the proof that wiping it loses nothing but demo data. */
export const DEMO_MARKER = '.labdesk-demo';
/** The campaign the demo prefers; outside its season the demo starts CAMPAIGN_FALLBACK_DAYS before today. */
export const PREFERRED_CAMPAIGN_START = '2026-09-01';
export const PREFERRED_CAMPAIGN_DAYS = 150;
const CAMPAIGN_FALLBACK_DAYS = 80;
const ACTOR = 'demo';

export const DEMO_ACCOUNTS: readonly { email: string; password: string; role: Role }[] = [
  { email: 'admin@labdesk.demo', password: 'demo-admin-1', role: 'ROLE_ADMIN' },
  { email: 'reader@labdesk.demo', password: 'demo-reader-1', role: 'ROLE_READER' },
];

export const USAGE = `Usage: npm run demo [-- options]
  --samples N                 samples in the campaign (default ${DEFAULT_DEMO_SAMPLES}; ~1.1 analyses each)
  --seed S                    random seed; the same seed gives the same campaign (default ${DEFAULT_DEMO_SEED})
  --data-dir DIR              demo data dir, recreated on every run (default ${DEFAULT_DEMO_DIR})
  --campaign-start YYYY-MM-DD first campaign day (default ${PREFERRED_CAMPAIGN_START} in its season, else ${CAMPAIGN_FALLBACK_DAYS} days ago)
  --fresh                     wipe DIR even though it is not a demo dir (it holds no ${DEMO_MARKER})
  --no-start                  only generate; do not start the server
With DATABASE_URL set the campaign goes into that (sample-free) PostgreSQL database.`;

export class DemoUsageError extends Error {
  override name = 'DemoUsageError';
}

export interface DemoArgs {
  help: boolean;
  samples: number;
  seed: number;
  dataDir: string;
  campaignStart: string | undefined;
  fresh: boolean;
  start: boolean;
}

export const parseDemoArgs = (argv: readonly string[]): DemoArgs => {
  const args: DemoArgs = {
    help: false,
    samples: DEFAULT_DEMO_SAMPLES,
    seed: DEFAULT_DEMO_SEED,
    dataDir: DEFAULT_DEMO_DIR,
    campaignStart: undefined,
    fresh: false,
    start: true,
  };
  const integer = (name: string, raw: string | undefined, min: number): number => {
    const n = Number(raw);
    if (raw === undefined || raw.trim() === '' || !Number.isInteger(n) || n < min)
      throw new DemoUsageError(`${name} needs a whole number ≥ ${min}, got '${raw ?? ''}'`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split(/=(.*)/s, 2) as [string, string | undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        args.help = true;
        break;
      case '--samples':
        args.samples = integer(flag, value(), 0);
        break;
      case '--seed':
        args.seed = integer(flag, value(), 0);
        break;
      case '--data-dir': {
        const dir = value();
        if (!dir) throw new DemoUsageError('--data-dir needs a directory');
        args.dataDir = dir;
        break;
      }
      case '--campaign-start': {
        const day = value() ?? '';
        if (!parseLabDate(day))
          throw new DemoUsageError(`--campaign-start needs a date YYYY-MM-DD, got '${day}'`);
        args.campaignStart = day;
        break;
      }
      case '--fresh':
        args.fresh = true;
        break;
      case '--no-start':
        args.start = false;
        break;
      default:
        throw new DemoUsageError(`unknown option '${argv[i]}'`);
    }
  }
  return args;
};

/**
 * The preferred campaign (from 2026-09-01) while "now" lies in its season, otherwise one that began
 * 80 days ago — either way the campaign is running at the lab's current time.
 */
export const defaultCampaignStart = (now: Temporal.PlainDateTime): string => {
  const preferred = Temporal.PlainDate.from(PREFERRED_CAMPAIGN_START);
  const days = now.toPlainDate().since(preferred).days;
  if (days >= 1 && days <= PREFERRED_CAMPAIGN_DAYS) return PREFERRED_CAMPAIGN_START;
  return formatLabDate(now.toPlainDate().subtract({ days: CAMPAIGN_FALLBACK_DAYS }));
};

/** Directories that --fresh must never empty, whatever the user typed. */
const isProtected = (dir: string, cwd: string): boolean => {
  const inside = (child: string, parent: string): boolean => {
    const rel = relative(parent, child);
    return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
  };
  // The working directory or anything above it (the repository, home, /) — and home itself.
  return inside(cwd, dir) || dir === homedir() || dir === parse(dir).root;
};

/**
 * Empties `dir` for a new demo (keeping only our own lock file) and marks it as a demo dir.
 * Refuses a non-empty dir without the marker unless `fresh`.
 */
export const prepareDemoDir = (dir: string, fresh: boolean, cwd: string = process.cwd()): void => {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new DemoError(`${displayPath(dir, cwd)} is not a directory`);
  mkdirSync(dir, { recursive: true });
  const others = readdirSync(dir).filter((e) => e !== LOCK_FILE);
  if (others.length > 0) {
    if (!fresh && !others.includes(DEMO_MARKER))
      throw new DemoError(
        `${displayPath(dir, cwd)} is not a demo data dir (it has no ${DEMO_MARKER} file); ` +
          'choose another --data-dir, or add --fresh to wipe it',
      );
    if (isProtected(dir, cwd))
      throw new DemoError(`refusing to wipe ${dir}: it holds the working directory or is home or /`);
  }
  for (const entry of others) rmSync(join(dir, entry), { recursive: true, force: true });
  writeFileSync(
    join(dir, DEMO_MARKER),
    'This directory holds labdesk demo data. `npm run demo` wipes and recreates it on every run.\n',
  );
};

const ensureAccount = async (
  db: Kysely<Database>,
  account: (typeof DEMO_ACCOUNTS)[number],
): Promise<void> => {
  // On a PostgreSQL database the accounts may exist from an earlier demo: give them the known password.
  if (await findUser(db, account.email)) await setPassword(db, account.email, account.password, ACTOR);
  else await createUser(db, account, ACTOR);
};

export const accountsBanner = (counts: DemoCounts, campaignStart: string, port: number): string => {
  const emailWidth = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const lines = [
    'labdesk demo',
    '',
    `Campaign from ${campaignStart}: ${counts.samples} samples, ${counts.analyses} analyses, ${counts.boxes} boxes, ${counts.screens} screens`,
    '',
    ...DEMO_ACCOUNTS.map(
      (a) =>
        `  ${a.role === 'ROLE_ADMIN' ? 'admin ' : 'reader'}  ${a.email.padEnd(emailWidth)}  /  ${a.password}`,
    ),
    '',
    `Open http://localhost:${port} and sign in with one of these accounts.`,
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`, ''].join('\n');
};

const progressPrinter = (): ((p: DemoProgress) => void) => {
  let lastLine = '';
  let lastAt = 0;
  return (p) => {
    const line = `  ${p.phase.padEnd(8)} ${p.total > 0 ? Math.floor((100 * p.done) / p.total) : 100}%`;
    const now = Date.now();
    // One line per phase step at most every half second: readable in a terminal and in a CI log.
    if (line === lastLine || (now - lastAt < 500 && p.done < p.total)) return;
    lastLine = line;
    lastAt = now;
    console.log(line);
  };
};

/** Generates the demo; resolves to the data dir (for the server to start on) and the counts. */
export const buildDemo = async (
  args: DemoArgs,
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Promise<{ dataDir: string; counts: DemoCounts; campaignStart: string; port: number }> => {
  const dataDir = resolve(cwd, args.dataDir);
  let lock: DataDirLock | undefined;
  let handle: DbHandle | undefined;
  try {
    // The lock first: a server running on the demo dir must not have its database deleted.
    lock = acquireDataDirLock(dataDir);
    prepareDemoDir(dataDir, args.fresh, cwd);
    const config = loadConfig({ ...env, LAB_DATA_DIR: dataDir }, cwd);
    handle = await createDb(config);
    await migrateToLatest(handle.db);
    if (config.databaseUrl) {
      const row = await handle.db
        .selectFrom('sample')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(row.n) > 0)
        throw new DemoError(
          `the DATABASE_URL database already holds ${row.n} samples; the demo fills only an empty database ` +
            '(unset DATABASE_URL for the embedded demo database)',
        );
    }
    const now = labNow(Temporal.Now.instant(), config.timezone);
    const campaignStart = args.campaignStart ?? defaultCampaignStart(now);
    console.log(
      `labdesk demo: generating ${args.samples} samples (seed ${args.seed}) into ` +
        `${config.databaseUrl ? 'the DATABASE_URL database' : displayPath(dataDir, cwd)} …`,
    );
    const started = Date.now();
    const counts = await generateDemo(
      handle.db,
      { samples: args.samples, seed: args.seed, campaignStart, now: formatLabDateTime(now) },
      progressPrinter(),
    );
    console.log(`labdesk demo: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const account of DEMO_ACCOUNTS) await ensureAccount(handle.db, account);
    return { dataDir, counts, campaignStart, port: config.port };
  } finally {
    await handle?.close();
    lock?.release();
  }
};

/**
 * Starts the app on the demo dir the way `npm start` does (build the client when missing, then
 * src/server/main.ts). main.ts runs on import and exports no start function, so it gets its own
 * process; signals are passed on and its exit code is ours.
 */
const startServer = (dataDir: string): void => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LAB_DATA_DIR: dataDir },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
};

export const main = async (argv: readonly string[] = process.argv.slice(2)): Promise<number> => {
  try {
    const args = parseDemoArgs(argv);
    if (args.help) {
      console.log(USAGE);
      return 0;
    }
    const { dataDir, counts, campaignStart, port } = await buildDemo(args);
    console.log(accountsBanner(counts, campaignStart, port));
    if (args.start) startServer(dataDir);
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(message.startsWith('labdesk') ? message : `labdesk demo: ${message}`);
    if (err instanceof DemoUsageError) console.error(USAGE);
    else if (
      !(err instanceof DemoError) &&
      err instanceof Error &&
      !['DataDirInUseError', 'ConfigError'].includes(err.name)
    )
      console.error(err.stack);
    return 1;
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  restrictToOwner();
  const code = await main();
  if (code !== 0) process.exitCode = code;
}
