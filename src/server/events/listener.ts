// Hears the database's NOTIFYs on the change channel (migration 0011): on PGlite through its own
// `listen()` (the one backend of this process), on PostgreSQL through a client of its own holding
// LISTEN — every instance on the database hears every commit. A lost PostgreSQL session is opened
// again after RECONNECT_MS; `onResumed` then lets the hub catch up on what it may have missed.
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { notifySourceOf } from '../db/create-db';
import type { Database } from '../db/database';
import { CHANGE_CHANNEL } from '../db/migrations/0011_change_events';

export const RECONNECT_MS = 1_000;

export interface NotifyListener {
  close: () => Promise<void>;
}

export interface ListenHandlers {
  onNotify: (id: string) => void;
  /** The PostgreSQL session was lost and is listening again. */
  onResumed: () => void;
  onError: (err: unknown) => void;
}

export const listenForChanges = async (db: Kysely<Database>, handlers: ListenHandlers): Promise<NotifyListener> => {
  const source = notifySourceOf(db);
  if (!source) throw new Error('change events: the database was not opened by createDb()');
  if (source.kind === 'pglite') {
    // A database still starting (serve.ts) is a promise of its PGlite (or of its thread's stand-in).
    const pglite = await source.pglite;
    const unlisten = await pglite.listen(CHANGE_CHANNEL, handlers.onNotify);
    return {
      close: async () => {
        if (!pglite.closed) await unlisten();
      },
    };
  }

  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const open = async (again: boolean): Promise<void> => {
    const next = source.client();
    next.on('error', (err) => handlers.onError(err));
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      timer = setTimeout(() => void retry(), RECONNECT_MS);
    });
    next.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) handlers.onNotify(message.payload);
    });
    client = next;
    await next.connect();
    await next.query(`listen ${CHANGE_CHANNEL}`);
    if (again) handlers.onResumed();
  };
  const retry = async (): Promise<void> => {
    if (closed) return;
    try {
      await open(true);
    } catch (err) {
      handlers.onError(err);
      const failed = client;
      client = undefined;
      await failed?.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void retry(), RECONNECT_MS);
    }
  };
  await open(false);
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
};
