// Reads GET /api/events of a listening app as the browser does (fetch with the bearer header):
// the frames parsed, kept in order, and waited for.
import type { FastifyInstance } from 'fastify';
import { changeEventSchema, type ChangeEvent } from '../../src/domain/events';

export interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

export interface SseClient {
  status: number;
  /** The JSON answer when the stream was refused (not 2xx). */
  body?: unknown;
  frames: Frame[];
  /** The change events received so far, parsed. */
  changes: () => ChangeEvent[];
  /** Waits until `test` holds for the frames (or fails after `ms`). */
  until: (what: string, test: (frames: Frame[]) => boolean, ms?: number) => Promise<void>;
  /** Whether the server has ended the stream. */
  ended: () => boolean;
  /** The id of the last frame that had one. */
  lastId: () => string | undefined;
  close: () => void;
}

export const baseUrl = async (app: FastifyInstance): Promise<string> => {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return baseUrl(app);
};

const parse = (block: string): Frame | undefined => {
  const frame: Frame = {};
  let any = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event' || field === 'data') {
      frame[field] = value;
      any = true;
    }
  }
  return any ? frame : undefined;
};

export const openEvents = async (
  app: FastifyInstance,
  token: string,
  lastEventId?: string,
): Promise<SseClient> => {
  const controller = new AbortController();
  const res = await fetch(`${await baseUrl(app)}/api/events`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let waiters: (() => void)[] = [];
  let ended = false;
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (frame) frames.push(frame);
          }
          for (const wake of waiters) wake();
        }
        ended = true;
        for (const wake of waiters) wake();
      } catch {
        // aborted by close()
      }
    })();
  }
  const body: unknown = res.ok ? undefined : await res.json().catch(() => undefined);
  return {
    status: res.status,
    body,
    frames,
    changes: () =>
      frames
        .filter((f) => f.event === 'change')
        .map((f) => changeEventSchema.parse(JSON.parse(f.data ?? ''))),
    ended: () => ended,
    lastId: () => frames.findLast((f) => f.id !== undefined)?.id,
    until: async (what, test, ms = 5_000) => {
      const deadline = Date.now() + ms;
      while (!test(frames)) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters = [];
      }
    },
    close: () => controller.abort(),
  };
};
