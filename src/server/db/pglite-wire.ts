// What the server thread and the database thread (pglite-thread.ts, pglite-worker.ts) say to each
// other. Values cross by structured clone: rows come parsed by the app's type parsers in the
// database thread (numbers and strings, type-parsers.ts; PGlite's own parsers give booleans, JSON
// values, arrays and Uint8Arrays), and a COPY's file travels as a Blob. Errors do not clone whole
// (only their message and stack would): they cross as their name, message, stack and PostgreSQL's
// fields (code, severity, detail, constraint, …), which the app reads (http/errors.ts,
// pglite-dialect.ts isFatalDatabaseError).
import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/** What the server uses of a PGlite object; PGlite itself and the database thread's proxy both are one. */
export type EmbeddedDatabase = Pick<PGlite, 'query' | 'exec' | 'listen' | 'dumpDataDir' | 'close' | 'closed' | 'waitReady'>;

/** How the database thread opens its PGlite (open-pglite.ts openPGlite). */
export interface WorkerOptions {
  /** The data directory; undefined: in memory. */
  dataDir?: string;
  timezone: string;
  /** A `dumpDataDir()` snapshot to start from instead of running initdb. */
  loadDataDir?: Blob;
  /** Only create the data directory (initdb), close and end: pglite-worker.ts initializeApart. */
  initializeOnly?: boolean;
  /** PGlite's WebAssembly compiled already (by the thread that asks for the data directory). */
  pgliteModule?: WebAssembly.Module;
}

/** The query options that can cross: functions (parsers, onNotice) cannot. */
export type WireQueryOptions = Pick<QueryOptions, 'rowMode' | 'blob' | 'paramTypes'>;

export type Request =
  | { id: number; op: 'query'; text: string; params?: unknown[]; options?: WireQueryOptions }
  | { id: number; op: 'exec'; text: string; options?: WireQueryOptions }
  | { id: number; op: 'listen'; channel: string; listenId: number }
  | { id: number; op: 'unlisten'; listenId: number }
  | { id: number; op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

export type Message =
  | { type: 'ready' }
  | { type: 'failed'; error: WireError }
  | { type: 'reply'; id: number; result?: unknown; error?: WireError }
  | { type: 'notify'; listenId: number; payload: string };

export interface WireError {
  name: string;
  message: string;
  stack?: string;
  /** The error's own fields with a plain value (PostgreSQL's code, severity, detail, …, the query's text). */
  fields: Record<string, string | number | boolean | null>;
}

const isPlain = (value: unknown): value is string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

export const encodeError = (err: unknown): WireError => {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(err))
    if (key !== 'name' && key !== 'message' && key !== 'stack' && isPlain(value)) fields[key] = value;
  return { name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}), fields };
};

export const decodeError = (wire: WireError): Error => {
  const err = new Error(wire.message);
  Object.defineProperty(err, 'name', { value: wire.name, writable: true, configurable: true, enumerable: false });
  Object.assign(err, wire.fields);
  if (wire.stack) err.stack = wire.stack;
  return err;
};
