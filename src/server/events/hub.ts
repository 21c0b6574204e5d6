// The change events of this instance (docs/dev/architecture.md#change-events): hears the database's
// NOTIFYs (listener.ts), reads the committed rows they name and hands them to every open stream;
// answers a reconnecting stream from the table (the bounded window), and prunes it.
import { sql, type Kysely } from 'kysely';
import { actorOf, changeEventSchema, type ChangeEvent } from '../../domain/events';
import type { Database } from '../db/database';
import { listenForChanges, type NotifyListener } from './listener';

export interface EventWindow {
  /** Events older than this are pruned. */
  maxAgeMs: number;
  /** At most this many events are kept. */
  maxRows: number;
  /** How often the window is pruned. */
  pruneEveryMs: number;
}

export const DEFAULT_EVENT_WINDOW: EventWindow = { maxAgeMs: 60 * 60_000, maxRows: 10_000, pruneEveryMs: 60_000 };

/** What a reconnecting stream missed: the events after its last one, or 'reload' when the window no longer holds them. */
export type Replay = { kind: 'events'; events: ChangeEvent[] } | { kind: 'reload' };

type Subscriber = (event: ChangeEvent) => void;

interface Row {
  id: string | number;
  resource: string;
  keys: unknown;
  count: number;
  version: number | null;
  actor: string | null;
  at: string;
}

const toEvent = (row: Row): ChangeEvent =>
  changeEventSchema.parse({
    id: String(row.id),
    resource: row.resource,
    keys: typeof row.keys === 'string' ? JSON.parse(row.keys) : row.keys,
    count: row.count,
    version: row.version,
    by: actorOf(row.actor),
    at: row.at,
  });

const EVENT_COLUMNS = ['id', 'resource', 'keys', 'count', 'version', 'actor', 'at'] as const;

export class ChangeHub {
  readonly #db: Kysely<Database>;
  readonly #window: EventWindow;
  readonly #log: (err: unknown) => void;
  readonly #subscribers = new Set<Subscriber>();
  #listener: NotifyListener | undefined;
  #pruneTimer: NodeJS.Timeout | undefined;
  /** Ids heard and not read yet, and the highest id handed out (the catch-up point after a lost session). */
  #heard: string[] = [];
  #lastId = 0n;
  #draining: Promise<void> = Promise.resolve();
  #closed = false;
  #started: Promise<void> | undefined;

  constructor(db: Kysely<Database>, window: EventWindow, log: (err: unknown) => void) {
    this.#db = db;
    this.#window = window;
    this.#log = log;
  }

  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start(): Promise<void> {
    this.#lastId = BigInt(await this.lastIssued());
    this.#listener = await listenForChanges(this.#db, {
      onNotify: (id) => this.#hear(id),
      onResumed: () => this.#hear(undefined),
      onError: this.#log,
    });
    this.#pruneTimer = setInterval(() => void this.prune().catch(this.#log), this.#window.pruneEveryMs);
    this.#pruneTimer.unref();
  }

  /** Calls `subscriber` with every change committed from now on, until the returned function is called. */
  subscribe(subscriber: Subscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /** The highest event id ever issued ('0' before the first): where a new stream starts. */
  async lastIssued(): Promise<string> {
    const { rows } = await sql<{ last: string | number; called: boolean }>`
      select last_value as last, is_called as called from change_event_id_seq`.execute(this.#db);
    const row = rows[0];
    return row?.called ? String(row.last) : '0';
  }

  /** The events after `lastId`, or 'reload' when some of them were pruned already. */
  async replay(lastId: string): Promise<Replay> {
    if (BigInt(lastId) >= BigInt(await this.lastIssued())) return { kind: 'events', events: [] };
    // Pruning removes the oldest first: while an event at or before lastId is kept, all after it are.
    const kept = await this.#db.selectFrom('changeEvent').select('id').where('id', '<=', lastId as never).limit(1).executeTakeFirst();
    if (!kept) return { kind: 'reload' };
    const rows = await this.#db
      .selectFrom('changeEvent')
      .select(EVENT_COLUMNS)
      .where('id', '>', lastId as never)
      .orderBy('id')
      .execute();
    return { kind: 'events', events: rows.map((r) => toEvent(r as Row)) };
  }

  /** Drops what is older than the window, or beyond its number of events. */
  async prune(): Promise<void> {
    await sql`delete from change_event
      where at < localtimestamp(0) - make_interval(secs => ${this.#window.maxAgeMs / 1000})
         or id <= (select max(id) from change_event) - ${this.#window.maxRows}`.execute(this.#db);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#pruneTimer);
    this.#subscribers.clear();
    await this.#draining;
    // A start still under way (the database was starting) ends first, so its listener is closed too.
    await this.#started?.catch(() => undefined);
    await this.#listener?.close();
  }

  /** An id heard, or undefined: read everything after the last one handed out (after a lost session). */
  #hear(id: string | undefined): void {
    this.#heard.push(id ?? '');
    this.#draining = this.#draining.then(() => this.#drain()).catch(this.#log);
  }

  async #drain(): Promise<void> {
    if (this.#closed || this.#heard.length === 0) return;
    const heard = this.#heard;
    this.#heard = [];
    const catchUp = heard.includes('');
    const ids = heard.filter((id) => /^\d+$/.test(id));
    let query = this.#db.selectFrom('changeEvent').select(EVENT_COLUMNS);
    query = catchUp
      ? query.where((eb) => eb.or([eb('id', '>', String(this.#lastId) as never), eb('id', 'in', (ids.length > 0 ? ids : ['0']) as never[])]))
      : query.where('id', 'in', ids as never[]);
    const rows = await query.orderBy('id').execute();
    for (const row of rows) {
      const event = toEvent(row as Row);
      if (BigInt(event.id) > this.#lastId) this.#lastId = BigInt(event.id);
      for (const subscriber of this.#subscribers) subscriber(event);
    }
  }
}

export const startChangeHub = async (
  db: Kysely<Database>,
  window: Partial<EventWindow> | undefined,
  log: (err: unknown) => void,
  { wait = true }: { wait?: boolean } = {},
): Promise<ChangeHub> => {
  const hub = new ChangeHub(db, { ...DEFAULT_EVENT_WINDOW, ...window }, log);
  const started = hub.start();
  if (wait) await started;
  else started.catch(log);
  return hub;
};
