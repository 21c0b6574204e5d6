// The database thread (pglite-thread.ts starts it): opens the embedded database, then runs the
// server thread's requests one at a time, in the order they came, and answers each. NOTIFYs heard
// by a listen() go back as they arrive. PGlite's boot (about a second of CPU) and every statement
// run here, off the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from './open-pglite';
import { encodeError, type Message, type Request, type WorkerOptions } from './pglite-wire';

const port = parentPort!;
const post = (message: Message): void => port.postMessage(message);
const { dataDir, timezone, loadDataDir } = workerData as WorkerOptions;

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

const opening = openPGlite(dataDir, timezone, loadDataDir);
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
