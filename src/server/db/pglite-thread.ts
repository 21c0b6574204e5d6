// The embedded database in a thread of its own (a node:worker_threads Worker running
// pglite-worker.ts). main.ts starts it first thing, so that PGlite's loading, its WebAssembly's
// compiling and its boot (about a second of CPU) run on another core while this thread loads the
// server and builds the app; afterwards the statements run there too, and the server's event loop
// parses requests, JSON and CSV meanwhile. This side is a stand-in for the PGlite object with what
// the server uses of one (pglite-wire.ts EmbeddedDatabase). It passes requests on in order and the
// thread runs them one at a time; the Kysely driver (pglite-dialect.ts) still hands the one
// connection to one caller at a time. A thread that ends unasked (crash, exit) is fatal, as a
// FATAL error is: what waits fails and `onFatal` is told.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { workerBootScript } from '../worker-boot';
import {
  decodeError,
  type EmbeddedDatabase,
  type Message,
  type Request,
  type WireQueryOptions,
  type WorkerOptions,
} from './pglite-wire';

const BOOT = workerBootScript('pglite-worker', import.meta.url);

export interface PGliteThreadOptions extends WorkerOptions {
  /** The thread ended without being closed (after it was ready): the database is gone. */
  onFatal?: (err: unknown) => void;
}

type Pending = { resolve: (value: unknown) => void; reject: (err: unknown) => void };
// Request without its id, one variant at a time.
type Ask = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** The database thread itself, opening its PGlite at once. */
export const pgliteWorker = (options: WorkerOptions): Worker => new Worker(BOOT, { eval: true, workerData: options });

/** Starts the database thread and returns its stand-in; `waitReady` settles once PGlite is open. */
export const startPGliteThread = (options: PGliteThreadOptions): PGliteThread => {
  const { onFatal, ...workerData } = options;
  return new PGliteThread(pgliteWorker(workerData), onFatal);
};

export class PGliteThread implements EmbeddedDatabase {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  /** Told when the thread ends unasked after it was ready; main.ts sets it once the server is loaded. */
  onFatal: ((err: unknown) => void) | undefined;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 0;
  #ready = false;
  /** close() was called (or the thread ended): no more requests. */
  #closed = false;
  /** Why the thread ended unasked. */
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;
  readonly #openFailed: (err: unknown) => void;

  constructor(worker: Worker, onFatal?: (err: unknown) => void) {
    this.#worker = worker;
    this.onFatal = onFatal;
    let ready!: () => void;
    let failed!: (err: unknown) => void;
    this.waitReady = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
    this.#openFailed = failed;
    // Whoever waits sees a failure; this only keeps it from counting as unhandled.
    this.waitReady.catch(() => undefined);
    worker.on('message', (message: Message) => {
      switch (message.type) {
        case 'ready':
          this.#ready = true;
          ready();
          return;
        case 'failed':
          this.#closed = true;
          failed(decodeError(message.error));
          return;
        case 'notify':
          this.#listeners.get(message.listenId)?.(message.payload);
          return;
        case 'reply': {
          const pending = this.#pending.get(message.id);
          this.#pending.delete(message.id);
          if (message.error) pending?.reject(decodeError(message.error));
          else pending?.resolve(message.result);
        }
      }
    });
    worker.on('error', (err) => this.#ended(err));
    worker.on('exit', (code) => this.#ended(new Error(`labdesk: the embedded database's thread ended (exit code ${code})`)));
    this.waitReady.catch((err: unknown) => this.#ended(err instanceof Error ? err : new Error(String(err))));
  }

  get closed(): boolean {
    return this.#closed;
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return (await this.#ask({ op: 'query', text, params, options: wireOptions(options) })) as Results<T>;
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return (await this.#ask({ op: 'exec', text, options: wireOptions(options) })) as Results[];
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = ++this.#nextId;
    this.#listeners.set(listenId, callback);
    try {
      await this.#ask({ op: 'listen', channel, listenId });
    } catch (err) {
      this.#listeners.delete(listenId);
      throw err;
    }
    return async () => {
      if (!this.#listeners.delete(listenId) || this.#closed) return;
      await this.#ask({ op: 'unlisten', listenId });
    };
  }

  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> {
    return this.#ask({ op: 'dump', ...(compression ? { compression } : {}) }) as Promise<File | Blob>;
  }

  /** Closes the database (its files are then consistent) and ends the thread; safe to call twice. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#failure) return;
      // A thread still opening finishes first: its close waits for the open in the thread's queue.
      const closed = this.#send({ op: 'close' });
      this.#closed = true;
      try {
        // A database that failed to open has nothing to close.
        await closed.catch((err: unknown) => {
          if (!this.#failure) throw err;
        });
      } finally {
        this.#listeners.clear();
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  #ask(request: Ask): Promise<unknown> {
    if (this.#closed) return Promise.reject(this.#failure ?? new Error('labdesk: the embedded database is closed'));
    return this.#send(request);
  }

  #send(request: Ask): Promise<unknown> {
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (err) {
        // A value that cannot cross (DataCloneError).
        this.#pending.delete(id);
        reject(err);
      }
    });
  }

  /** The thread ended or failed: what waits fails; unasked, after it was ready, it is fatal. */
  #ended(err: Error): void {
    const asked = this.#closing !== undefined;
    if (!asked && !this.#failure) this.#failure = err;
    this.#closed = true;
    const failure = this.#failure ?? err;
    for (const pending of this.#pending.values()) pending.reject(failure);
    this.#pending.clear();
    this.#openFailed(failure);
    if (!asked && this.#ready) {
      this.#ready = false;
      this.onFatal?.(failure);
    }
  }
}

/** Functions (parsers, serializers, onNotice) cannot cross to the thread: refused rather than dropped. */
const wireOptions = (options: QueryOptions | undefined): WireQueryOptions | undefined => {
  if (!options) return undefined;
  if (options.parsers || options.serializers || options.onNotice)
    throw new Error('labdesk: parsers, serializers and onNotice cannot be passed to the embedded database thread');
  const { rowMode, blob, paramTypes } = options;
  return { ...(rowMode ? { rowMode } : {}), ...(blob ? { blob } : {}), ...(paramTypes ? { paramTypes } : {}) };
};
