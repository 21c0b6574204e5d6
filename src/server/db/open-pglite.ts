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
 * The embedded database's buffer cache. initdb writes PostgreSQL's default, 128 MB, into the data
 * dir's postgresql.conf; PGlite's WebAssembly build zeroes that shared memory byte by byte at every
 * start (its mmap is a malloc and a memset), about 4 ms of CPU per MB on the critical path of a
 * start: 128 MB cost 0.7 s, 32 MB 0.17 s, 8 MB 0.04 s. Reads past the cache come from the operating
 * system's file cache, and a scan of a table larger than a quarter of the cache passes through a
 * small ring of buffers at any size: at 110,000 analyses the views measured the same with 8 MB as
 * with 32 MB (`npm run bench -- --only pglite --rows 110000`, within the machine's noise).
 */
export const PGLITE_SHARED_BUFFERS = '8MB';

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
      `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
      // One backend: shared memory for initdb's 100 connections' locks and process slots is zeroed
      // at each boot too (about 17 ms of CPU). Four is the least PostgreSQL accepts next to its
      // three slots reserved for superusers.
      '-c',
      'max_connections=4',
      ...sessionStartParams(timezone),
    ],
  });
};
