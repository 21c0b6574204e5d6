// GET /api/events read as the server sends it (docs/dev/architecture.md#change-events): through the
// app's HTTP client, so the bearer token goes along (EventSource cannot send one), with the last
// event's id as Last-Event-ID. Frames are parsed as they come; a stream silent for longer than three
// heartbeats counts as dropped (a proxy may hold a dead connection open).
import { CHANGE_EVENT, RELOAD_EVENT, changeEventSchema, type ChangeEvent } from '../domain/events';
import type { Http } from './http';

export const STREAM_SILENCE_MS = 45_000;

export interface StreamHandlers {
  opened: () => void;
  change: (event: ChangeEvent) => void;
  reload: (id: string | undefined) => void;
  /** A frame with only an id: a fresh stream's start, or an event this user may not read. */
  position: (id: string) => void;
  /** The connection failed or ended (not after `signal` aborted). */
  failed: () => void;
}

interface Frame {
  id?: string;
  event?: string;
  data: string;
}

const parseFrame = (block: string): Frame => {
  const frame: Frame = { data: '' };
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'id') frame.id = value;
    else if (field === 'event') frame.event = value;
    else if (field === 'data') frame.data += value;
  }
  return frame;
};

/** Opens the stream and reads it until it ends or `signal` aborts; every outcome goes to `on`. */
export const readEventStream = async (
  http: Http,
  lastId: string | undefined,
  signal: AbortSignal,
  on: StreamHandlers,
): Promise<void> => {
  const silence = new AbortController();
  const both = AbortSignal.any([signal, silence.signal]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => silence.abort(), STREAM_SILENCE_MS);
  };
  try {
    const response = await http.get('events', {
      signal: both,
      timeout: false,
      retry: 0,
      headers: lastId === undefined ? {} : { 'Last-Event-ID': lastId },
    });
    if (!response.body) throw new Error('no stream');
    on.opened();
    alive();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      alive();
      buffer += value.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = parseFrame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (frame.event === CHANGE_EVENT) {
          const parsed = changeEventSchema.safeParse(JSON.parse(frame.data));
          if (parsed.success) on.change(parsed.data);
        } else if (frame.event === RELOAD_EVENT) on.reload(frame.id);
        else if (frame.id !== undefined) on.position(frame.id);
      }
    }
  } catch {
    // Failed, dropped or silent: said below unless the caller aborted.
  } finally {
    clearTimeout(timer);
  }
  if (!signal.aborted) on.failed();
};

