// One client's server-sent event stream (docs/dev/architecture.md#change-events): the events the
// user may read (domain/events.ts eventFor), each as `id:`/`event:`/`data:`; a heartbeat comment so
// proxies keep it open; ended by the client going away or the server closing.
import type { ServerResponse } from 'node:http';
import { CHANGE_EVENT, RELOAD_EVENT, eventFor, type ChangeEvent } from '../../domain/events';
import type { ChangeHub } from './hub';

export const HEARTBEAT_MS = 15_000;

export interface StreamOptions {
  hub: ChangeHub;
  roles: readonly string[];
  /** Last-Event-ID sent by a reconnecting client. */
  lastId: string | undefined;
  heartbeatMs: number;
}

const frame = (event: string, id: string | undefined, data: unknown): string =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Writes the stream to `res` (headers already sent) until it closes; returns the function that ends
 * it from the server's side. Live events are subscribed before the replay is read and held back
 * until it is written, so none falls between the two and none is sent twice. An event the replay
 * read may still come live afterwards (its notification is delivered after its commit, and the
 * replay may have read it in between): each id sent before the stream went live is skipped once
 * when it comes live. (Clearing the ids instead sent such an event twice: events.test.ts in CI31.)
 */
export const runStream = async (res: ServerResponse, options: StreamOptions): Promise<() => void> => {
  const { hub, roles } = options;
  let ended = false;
  const write = (text: string): void => {
    if (!ended) res.write(text);
  };
  /** The ids sent before the stream went live (the replay's and the held ones). */
  const sent = new Set<string>();
  let held: ChangeEvent[] | undefined = [];
  const send = (event: ChangeEvent): void => {
    if (sent.has(event.id)) return;
    sent.add(event.id);
    writeEvent(event);
  };
  const writeEvent = (event: ChangeEvent): void => {
    const visible = eventFor(event, roles);
    // An event the user may not read still moves their position on, with nothing in it.
    write(visible ? frame(CHANGE_EVENT, event.id, visible) : `id: ${event.id}\n\n`);
  };
  // Live: an id sent before is skipped once (its late notification) and forgotten, so the set
  // holds at most what the replay and the held events sent.
  const sendLive = (event: ChangeEvent): void => {
    if (!sent.delete(event.id)) writeEvent(event);
  };
  const unsubscribe = hub.subscribe((event) => (held ? held.push(event) : sendLive(event)));
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs);
  const end = (): void => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  };
  res.on('close', end);

  // Where this stream starts: a fresh one at the newest event; a resumed one after its last.
  const start = await hub.lastIssued();
  if (options.lastId === undefined) write(`id: ${start}\nretry: 1000\n\n`);
  else {
    const replay = await hub.replay(options.lastId);
    if (replay.kind === 'reload') write(frame(RELOAD_EVENT, start, {}));
    else for (const event of replay.events) send(event);
  }
  const live = held;
  held = undefined;
  for (const event of live) send(event);
  // A held event came live already: only the replay's may still come.
  for (const event of live) sent.delete(event.id);
  return end;
};
