// The database thread (pglite-thread.ts starts it): opens the embedded database, then runs the
// server thread's requests one at a time, in the order they came, and answers each. NOTIFYs heard
// by a listen() go back as they arrive. PGlite's boot (about a second of CPU) and every statement
// run here, off the server's event loop.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { adoptPGliteModule, compilePGlite, openPGlite } from './open-pglite';
import { pgliteWorker } from './pglite-thread';
import { decodeError, encodeError, type Message, type Request, type WorkerOptions } from './pglite-wire';

const port = parentPort!;
const post = (message: Message): void => port.postMessage(message);
const { dataDir, timezone, loadDataDir, initializeOnly, pgliteModule } = workerData as WorkerOptions;

/**
 * A new data directory is created (PGlite's initdb) in a thread of its own that ends afterwards.
 * PGlite's initdb keeps a copy of the database's whole WebAssembly memory and grows that memory to
 * about 190 MB, and this thread's heap keeps them: a server started on a new data directory stayed
 * at 790–860 MB for as long as it ran, where one started on the same directory again holds about
 * 250 MB (measured 2026-11-28, the built server, `/proc`). A thread that ends gives all of it back.
 */
const initializeApart = async (dir: string): Promise<void> => {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  // The WebAssembly compiled here is lent to it: compiled once for both (about a second of CPU).
  const compiled = await compilePGlite();
  const initializing = pgliteWorker({ dataDir: dir, timezone, initializeOnly: true, pgliteModule: compiled });
  let failure: unknown;
  initializing.on('message', (message: Message) => {
    if (message.type === 'failed') failure = decodeError(message.error);
  });
  const code = await new Promise<number>((resolve, reject) => {
    initializing.on('exit', resolve);
    initializing.on('error', reject);
  });
  if (failure) throw failure;
  if (code !== 0) throw new Error(`labdesk: creating the embedded database ended with exit code ${code}`);
};

const unlistens = new Map<number, () => Promise<void>>();

const run = async (pglite: PGlite, request: Request): Promise<unknown> => {
  switch (request.op) {
    case 'query':
      return pglite.query(request.text, request.params, request.options);
    case 'exec':
      return pglite.exec(request.text, request.options);
    case 'listen':
      unlistens.set(
        request.listenId,
        await pglite.listen(request.channel, (payload) => post({ type: 'notify', listenId: request.listenId, payload })),
      );
      return undefined;
    case 'unlisten': {
      const unlisten = unlistens.get(request.listenId);
      unlistens.delete(request.listenId);
      await unlisten?.();
      return undefined;
    }
    case 'dump':
      return pglite.dumpDataDir(request.compression);
    case 'close':
      await pglite.close();
      return undefined;
  }
};

/** Opens the database, then runs the server thread's requests in order. */
const serve = (): void => {
  const opening = (dataDir && !loadDataDir ? initializeApart(dataDir) : Promise.resolve()).then(() =>
    openPGlite(dataDir, timezone, loadDataDir),
  );
  opening.then(
    () => post({ type: 'ready' }),
    (err: unknown) => {
      post({ type: 'failed', error: encodeError(err) });
      port.close();
    },
  );

  // One request at a time, in order: the chain is the queue.
  let queue: Promise<unknown> = opening.catch(() => undefined);
  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      try {
        const result = await run(await opening, request);
        post({ type: 'reply', id: request.id, result });
      } catch (err) {
        post({ type: 'reply', id: request.id, error: encodeError(err) });
      }
      // Nothing comes after a close: the thread ends once its answer is out.
      if (request.op === 'close') port.close();
    });
  });
};

/** Creates the data directory, closes it, and ends with its memory (initializeApart). */
const initialize = (): void => {
  if (pgliteModule) adoptPGliteModule(pgliteModule);
  openPGlite(dataDir, timezone).then(
    (pglite) => pglite.close().then(() => port.close()),
    (err: unknown) => {
      post({ type: 'failed', error: encodeError(err) });
      port.close();
    },
  );
};

if (initializeOnly) initialize();
else serve();
