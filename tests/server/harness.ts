// One fresh database per test file and an app on it, driven through inject() (no port).
// Default: in-memory PGlite. With DATABASE_URL set: a new PostgreSQL database per file, created
// from that server and dropped at the end — the same test files run on both.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, inject, onTestFailed } from 'vitest';
import type { Role } from '../../src/domain/roles';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { createDb, openPGlite, pgliteDb, PGLITE_SUBDIR, type DbHandle } from '../../src/server/db/create-db';
import type { Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { startPGliteThread } from '../../src/server/db/pglite-thread';
import { createUser } from '../../src/server/services/users';
import { adminQuery } from './admin-query';

// The package's exports hide package.json; read it next to the resolved entry point.
const PGLITE_VERSION = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
  'utf8',
);

export const TEST_JWT_SECRET = 'test-secret-of-at-least-thirty-two-characters';
export const TEST_PASSWORD = 'correct-horse-42';

export const onPostgres = (): boolean => Boolean(process.env['DATABASE_URL']);

export interface TestDatabase {
  db: Kysely<Database>;
  kind: DbHandle['kind'];
  /** Connection string of this file's own PostgreSQL database; undefined on PGlite. */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
}

// initdb plus migrations take seconds in WASM; a snapshot of a migrated database loads in well
// under one. Cached on disk (for the workers of a run, and the runs after it), keyed by the
// migration sources and the PGlite version: changing a migration makes a new one; and in memory
// for the files of a worker (they share its module graph, vitest.config.ts).
const templateFile = (): string => {
  const hash = createHash('sha256').update(PGLITE_VERSION);
  const dir = fileURLToPath(new URL('../../src/server/db/migrations/', import.meta.url));
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)));
  return join(tmpdir(), `labdesk-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
};

/**
 * The snapshot's bytes handed to PGlite, which reads a snapshot with `arrayBuffer()` and nothing
 * else in this thread (a Blob sent to a database thread is copied whole, so that one stays a Blob):
 * Node's own Blob gives its bytes back in 64 KiB pieces joined again, about half a second of the
 * test's thread per file for the 40 MB snapshot.
 */
class SnapshotBytes extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  // A copy: PGlite may keep or change what it is given, and the next file needs the snapshot whole.
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

let templateBytes: Promise<Uint8Array> | undefined;
const migratedTemplateBytes = (timezone: string): Promise<Uint8Array> =>
  (templateBytes ??= migratedTemplate(timezone).then(async (blob) => new Uint8Array(await blob.arrayBuffer())));

let template: Promise<Blob> | undefined;
export const migratedTemplate = (timezone: string): Promise<Blob> =>
  (template ??= (async () => {
    const file = templateFile();
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const pglite = await openPGlite(undefined, timezone);
    const handle = pgliteDb(pglite);
    try {
      await migrateToLatest(handle.db);
      const dump = await pglite.dumpDataDir('none');
      // Write-then-rename: parallel workers never read a half-written snapshot.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await handle.close();
    }
  })());

/** An embedded database in memory, migrated (from the snapshot), whatever database the suite runs on. */
export const openMigratedPGlite = async (timezone = 'Europe/Vienna'): Promise<PGlite> =>
  openPGlite(undefined, timezone, new SnapshotBytes(await migratedTemplateBytes(timezone)));

/**
 * A migrated embedded database in `<dataDir>/db`, as a first start leaves it, written from the
 * snapshot: for tests of real processes (the server, the CLI) whose claim is not about a first
 * start, which runs initdb and every migration in WebAssembly (tens of seconds on a busy machine).
 */
export const seedDataDir = async (dataDir: string, timezone = 'Europe/Vienna'): Promise<void> => {
  const pglite = await openPGlite(join(dataDir, PGLITE_SUBDIR), timezone, new SnapshotBytes(await migratedTemplateBytes(timezone)));
  await pglite.close();
};

/**
 * PGlite in a thread of its own, as the server runs it (src/server/db/pglite-thread.ts), rather than
 * in the test's thread: asked for by a test, or for every file with LAB_TEST_PGLITE_THREAD=1.
 */
const inThread = (asked: boolean | undefined): boolean => asked ?? process.env['LAB_TEST_PGLITE_THREAD'] === '1';

/** A fresh, migrated database: in-memory PGlite, or a new database on DATABASE_URL's server (a copy of the run's template). */
export const createTestDatabase = async (
  timezone = 'Europe/Vienna',
  options: { pgliteThread?: boolean } = {},
): Promise<TestDatabase> => {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) {
    const pglite = inThread(options.pgliteThread)
      ? startPGliteThread({ timezone, loadDataDir: await migratedTemplate(timezone) })
      : await openMigratedPGlite(timezone);
    const handle = pgliteDb(pglite);
    return { db: handle.db, kind: handle.kind, databaseUrl: undefined, close: handle.close };
  }
  const name = `labdesk_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template (global-setup.ts): the same schema as migrating, in a
  // fraction of the time.
  await adminQuery(serverUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = await createDb({ databaseUrl, dataDir: '', timezone }, { maxConnections: 4 });
  return {
    db: handle.db,
    kind: handle.kind,
    databaseUrl,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
};

/** A configuration for tests: fixed secret, a data dir that is never written unless a test asks. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ LAB_DATA_DIR: '/nonexistent/labdesk-test', LAB_JWT_SECRET: TEST_JWT_SECRET }),
  ...overrides,
});

export interface Harness {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  kind: DbHandle['kind'];
  /** This file's own PostgreSQL database; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Every log line the app wrote (JSON text), for assertions about what is (not) logged. */
  logs: string[];
  /** Creates an account directly in the database. */
  addUser: (email: string, role: Role, password?: string) => Promise<void>;
  /** Signs in through the API and returns the access token (throws unless 200). */
  signIn: (email: string, password?: string) => Promise<string>;
  /** A signed-in token for a fresh user of that role. */
  tokenFor: (role: Role) => Promise<string>;
  /** inject() with `Authorization: Bearer <token>` when a token is given. */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export type HarnessOptions = Omit<BuildAppOptions, 'config' | 'db' | 'logger'> & {
  config?: Partial<Config>;
  /** PGlite in a thread of its own, as the server runs it (createTestDatabase). */
  pgliteThread?: boolean;
  /** Runs after buildApp and before ready(): register test-only routes here. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
};

export const createHarness = async (options: HarnessOptions = {}): Promise<Harness> => {
  const { config: configOverrides, setup, pgliteThread, ...appOptions } = options;
  const config = testConfig(configOverrides);
  const database = await createTestDatabase(config.timezone, { pgliteThread });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  const app = await buildApp({ ...appOptions, config, db: database.db, logger: { level: 'trace', stream } });
  await setup?.(app);
  await app.ready();
  let userSeq = 0;

  const harness: Harness = {
    app,
    db: database.db,
    config,
    kind: database.kind,
    databaseUrl: database.databaseUrl,
    logs,
    addUser: async (email, role, password = TEST_PASSWORD) => {
      await createUser(database.db, { email, password, role }, 'test');
    },
    signIn: async (email, password = TEST_PASSWORD) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
      return res.json<{ accessToken: string }>().accessToken;
    },
    tokenFor: async (role) => {
      const email = `${role === 'ROLE_ADMIN' ? 'admin' : 'reader'}${++userSeq}@test.lab`;
      await harness.addUser(email, role);
      return harness.signIn(email);
    },
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  return harness;
};

/**
 * Per-file harness with vitest hooks: `const h = useHarness();` at the top of a file, then use
 * `h.app`, `h.db`, … inside tests.
 */
export const useHarness = (options: HarnessOptions = {}): Harness => {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await createHarness(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  // A test that fails says what the app logged at warn and above while it ran: a failure seen once in
  // CI (a job that failed under load) is otherwise gone with the run.
  beforeEach(() => {
    const from = current?.logs.length ?? 0;
    onTestFailed(() => {
      const lines = current?.logs.slice(from).filter((l) => /"level":(40|50|60)\b/.test(l)) ?? [];
      if (lines.length > 0) console.error(`The app's warnings and errors during the test:\n${lines.join('\n')}`);
    });
  });
  const get = (): Harness => {
    if (!current) throw new Error('harness used outside a test (before beforeAll ran)');
    return current;
  };
  return new Proxy({} as Harness, { get: (_target, prop) => get()[prop as keyof Harness] });
};
