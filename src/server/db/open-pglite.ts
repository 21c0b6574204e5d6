// Opening the embedded database (PGlite): its WebAssembly compiled once per thread, the app's value
// parsers (type-parsers.ts), a small buffer cache and the lab's session settings (session-settings.ts). Kept apart from
// create-db.ts so that the database thread (pglite-worker.ts) loads only this and PGlite itself.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import { sessionStartParams } from './session-settings';
import { TYPE_PARSERS } from './type-parsers';

/** The embedded database's folder in the data dir. */
export const PGLITE_SUBDIR = 'db';

/**
 * The embedded database's buffer cache: 64 MB for a lab's database on disk, 8 MB in memory (tests).
 * initdb writes PostgreSQL's default, 128 MB, into the data dir's postgresql.conf. An import's inserts
 * reach index pages all over sample and analysis (63 and 108 MB at 110,000 analyses), and a page
 * past the cache is read and written back through PGlite's file system in JavaScript: a 100,000-line
 * sync took 20–21 s with 8 MB and 13.5–14.5 s with 64 MB (4,800–5,000 against 6,900–7,400 rows/s; a
 * 20,000-row upload 3.9–4.2 against 3.0–4.4 s), and 128 MB measured as 64 (13.1 s). Opening the
 * 110,000-analysis database took 470–550 ms with either 8 or 64 MB (2026-11-27, `npm run bench --
 * --sync --only pglite --reuse` interleaved, load 4–7); the process's RSS grows by about 65 MB. An
 * in-memory database holds a test's few rows: it keeps 8 MB. 32 MB (2026-11-28, interleaved A B A B):
 * the syncs, the upload and the reports took as long as with 64, the process's RSS was about 30 MB
 * lower, but the 15,000-row Analysis page took 5 % longer (244–246 against 230–235 ms, `--page`),
 * and that page's 250 ms is a goal of issue 28: kept at 64.
 */
export const PGLITE_SHARED_BUFFERS = '64MB';
const IN_MEMORY_SHARED_BUFFERS = '8MB';

let pgliteModule: Promise<WebAssembly.Module> | undefined;

/** Node's global WebAssembly: the server's TypeScript settings (no DOM library) declare its types only. */
const wasm = (globalThis as unknown as { WebAssembly: { compile: (bytes: Uint8Array) => Promise<WebAssembly.Module> } })
  .WebAssembly;

/**
 * PGlite's WebAssembly (8.7 MB), compiled once per thread. The compiling runs on V8's background
 * threads: openPGlite() starts it before it loads PGlite's JavaScript, so the two overlap.
 */
export const compilePGlite = (): Promise<WebAssembly.Module> =>
  (pgliteModule ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
    wasm.compile(bytes),
  ));

/** This thread's PGlite WebAssembly is `module`, compiled by another thread (pglite-worker.ts initializeApart). */
export const adoptPGliteModule = (module: WebAssembly.Module): void => {
  pgliteModule = Promise.resolve(module);
};

/**
 * Opens embedded PostgreSQL: persistent in `dataDir`, else in memory. `loadDataDir` starts from a
 * `dumpDataDir()` snapshot instead of running initdb (tests start from a migrated template).
 */
export const openPGlite = async (
  dataDir: string | undefined,
  timezone: string,
  loadDataDir?: Blob,
): Promise<PGlite> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const compiling = compilePGlite();
  // Loaded here, not at import: on PostgreSQL the module (~40 MB resident) is never needed.
  const { PGlite: Embedded } = await import('@electric-sql/pglite');
  // One backend, one session: the settings given at its start hold for every query.
  return Embedded.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: TYPE_PARSERS,
    pgliteWasmModule: await compiling,
    startParams: [
      ...Embedded.defaultStartParams,
      '-c',
      `shared_buffers=${dataDir ? PGLITE_SHARED_BUFFERS : IN_MEMORY_SHARED_BUFFERS}`,
      // One backend: shared memory for initdb's 100 connections' locks and process slots is zeroed
      // at each boot too (about 17 ms of CPU). Four is the least PostgreSQL accepts next to its
      // three slots reserved for superusers.
      '-c',
      'max_connections=4',
      ...sessionStartParams(timezone),
    ],
  });
};
