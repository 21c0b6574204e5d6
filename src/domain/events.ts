// Change events (docs/dev/architecture.md#change-events): what the server tells every open page
// after a write commits, and the stream's wire format. One source of truth for the server (which
// writes and filters them) and the browser (which parses them and decides what to refetch).
import { z } from 'zod';
import type { Role } from './roles';

/**
 * The resources a change event names, each with the roles that may read it. A reader's stream
 * carries only events of resources whose list `read` includes ROLE_READER (every page a reader
 * sees); `users` is admin-only and never reaches a reader.
 */
export const EVENT_RESOURCES = {
  analysis: { read: ['ROLE_ADMIN', 'ROLE_READER'] },
  samples: { read: ['ROLE_ADMIN', 'ROLE_READER'] },
  boxes: { read: ['ROLE_ADMIN', 'ROLE_READER'] },
  screens: { read: ['ROLE_ADMIN', 'ROLE_READER'] },
  limits: { read: ['ROLE_ADMIN', 'ROLE_READER'] },
  settings: { read: ['ROLE_ADMIN', 'ROLE_READER'] },
  sync: { read: ['ROLE_ADMIN', 'ROLE_READER'] },
  logs: { read: ['ROLE_ADMIN', 'ROLE_READER'] },
  users: { read: ['ROLE_ADMIN'] },
} as const satisfies Record<string, { read: readonly Role[] }>;

export type EventResource = keyof typeof EVENT_RESOURCES;
export const EVENT_RESOURCE_NAMES = Object.keys(EVENT_RESOURCES) as [EventResource, ...EventResource[]];

/** At most this many keys travel with one event; `count` says how many rows the write touched. */
export const EVENT_KEYS_CAP = 100;

/** The SSE event names: a change, or "you missed more than the window holds: refetch everything". */
export const CHANGE_EVENT = 'change';
export const RELOAD_EVENT = 'reload';

/** Who wrote: a user (the email, to admins only), a sync entry ('analysis', 'sample', …), or the server itself. */
export const eventActorSchema = z.object({
  kind: z.enum(['user', 'sync', 'system']),
  name: z.string().nullable(),
});
export type EventActor = z.infer<typeof eventActorSchema>;

export const changeEventSchema = z.object({
  /** Increasing id; the stream's `id:` line, sent back as Last-Event-ID on reconnect. */
  id: z.string().regex(/^\d+$/),
  resource: z.enum(EVENT_RESOURCE_NAMES),
  /** The records' keys as text (aId, 'sId|sStamp', bId, scrId, a limit's or setting's name, a sync entry), at most EVENT_KEYS_CAP. */
  keys: z.array(z.string()).max(EVENT_KEYS_CAP),
  /** How many records the write touched (more than keys.length for a bulk write). */
  count: z.number().int().nonnegative(),
  /** The record's new version when the write touched one versioned record; null otherwise (and for a delete). */
  version: z.number().int().nullable(),
  by: eventActorSchema,
  /** Lab wall-clock time of the write, 'YYYY-MM-DD HH:mm:ss'. */
  at: z.string(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** How the stored actor text ('a@b.c', 'sync:analysis', 'system', 'cli') reads as an EventActor. */
export const actorOf = (actor: string | null): EventActor => {
  if (actor?.startsWith('sync:')) return { kind: 'sync', name: actor.slice('sync:'.length) };
  if (actor?.includes('@')) return { kind: 'user', name: actor };
  return { kind: 'system', name: null };
};

/** Whether a user with these roles may see events of the resource. */
export const mayRead = (resource: EventResource, roles: readonly string[]): boolean =>
  (EVENT_RESOURCES[resource].read as readonly string[]).some((role) => roles.includes(role));

/**
 * The event as a user with these roles may see it, or undefined when not at all. Who wrote is
 * audit-trail knowledge (admins only, docs/dev/product-rules.md#roles): others see that a user
 * wrote, not which one.
 */
export const eventFor = (event: ChangeEvent, roles: readonly string[]): ChangeEvent | undefined => {
  if (!mayRead(event.resource, roles)) return undefined;
  if (roles.includes('ROLE_ADMIN') || event.by.kind !== 'user') return event;
  return { ...event, by: { kind: 'user', name: null } };
};

/** The browser's stream (machines/eventStream.machine.ts): wait before reconnecting after a drop. */
export const STREAM_RETRY_MS = 1_000;
/** After this many failed connects in a row the stream counts as down and the pages poll. */
export const STREAM_MAX_FAILURES = 3;
/** While down, how often the stream tries again. */
export const STREAM_DOWN_RETRY_MS = 10_000;
/** How long a changed row stays marked. */
export const CHANGED_MARK_MS = 5_000;
/** Events arriving within this time make one refetch. */
export const CHANGE_DEBOUNCE_MS = 150;

/** Whether event id `a` comes after `b` (ids are decimal bigints as text). */
export const isAfter = (a: string, b: string | undefined): boolean => b === undefined || BigInt(a) > BigInt(b);

/** The change events a list view refetches for: its own resource, and those its rows show fields of. */
export const VIEW_EVENTS: Record<string, readonly EventResource[]> = {
  analysis: ['analysis', 'samples', 'limits'],
  samples: ['samples', 'analysis', 'boxes'],
  boxes: ['boxes', 'samples'],
  screens: ['screens'],
};

const NOUNS: Record<EventResource, [one: string, many: string]> = {
  analysis: ['analysis', 'analyses'],
  samples: ['sample', 'samples'],
  boxes: ['box', 'boxes'],
  screens: ['screen', 'screens'],
  limits: ['limit', 'limits'],
  settings: ['setting', 'settings'],
  sync: ['sync entry', 'sync entries'],
  logs: ['log line', 'log lines'],
  users: ['account', 'accounts'],
};

/**
 * What a live region says of an event: '3 analyses changed by sync', '1 sample changed by a@lab'.
 * 'Changed', since an event does not say whether its rows were added, edited or deleted.
 */
export const changeSummary = (event: ChangeEvent): string => {
  const [one, many] = NOUNS[event.resource];
  const who = event.by.kind === 'sync' ? 'sync' : event.by.kind === 'user' ? (event.by.name ?? 'a colleague') : 'the server';
  return `${event.count} ${event.count === 1 ? one : many} changed by ${who}`;
};

/** The answers GET /api/events gives instead of a stream. */
export const EVENT_STREAM_MESSAGES = {
  /** 400: a Last-Event-ID header that is not an event id. */
  badLastEventId: 'Last-Event-ID must be an event id',
  /** 429: the account already holds the most streams one account may (each open labdesk page holds one). */
  tooManyForAccount: 'Too many labdesk pages are open for this account; close some to get live updates here.',
  /** 429: the server holds the most streams it keeps open. */
  tooManyForServer: 'The server has too many live-update connections open; this page reloads on its timer instead.',
} as const;
