// The change events' shared rules (src/domain/events.ts): what a live region says, who may read
// which event and how much of the writer they see, and the order of event ids.
import { describe, expect, it } from 'vitest';
import {
  actorOf,
  CHANGE_EVENT,
  changeEventSchema,
  changeSummary,
  EVENT_KEYS_CAP,
  EVENT_RESOURCE_NAMES,
  eventActorSchema,
  eventFor,
  isAfter,
  RELOAD_EVENT,
  VIEW_EVENTS,
  type ChangeEvent,
} from '../../src/domain/events';

const event = (over: Partial<ChangeEvent> = {}): ChangeEvent => ({
  id: '7',
  resource: 'analysis',
  keys: ['17'],
  count: 1,
  version: 3,
  by: { kind: 'user', name: 'a@lab.test' },
  at: '2026-11-26 08:00:00',
  ...over,
});

describe('changeSummary', () => {
  it('says how many records of which kind changed, and by whom', () => {
    expect(changeSummary(event())).toBe('1 analysis changed by a@lab.test');
    expect(changeSummary(event({ count: 3, by: { kind: 'sync', name: 'analysis' } }))).toBe(
      '3 analyses changed by sync',
    );
    expect(changeSummary(event({ resource: 'logs', count: 2, by: { kind: 'sync', name: 'log' } }))).toBe(
      '2 log lines changed by sync',
    );
    expect(changeSummary(event({ resource: 'sync', by: { kind: 'user', name: null } }))).toBe(
      '1 sync entry changed by a colleague',
    );
    expect(changeSummary(event({ resource: 'samples', count: 0, by: { kind: 'system', name: null } }))).toBe(
      '0 samples changed by the server',
    );
  });
});

describe('eventFor', () => {
  it("gives admins the writer's name, readers only that a user wrote, and keeps users' events from readers", () => {
    expect(eventFor(event(), ['ROLE_ADMIN'])?.by).toEqual({ kind: 'user', name: 'a@lab.test' });
    expect(eventFor(event(), ['ROLE_READER'])?.by).toEqual({ kind: 'user', name: null });
    expect(eventFor(event({ by: { kind: 'sync', name: 'analysis' } }), ['ROLE_READER'])?.by).toEqual({
      kind: 'sync',
      name: 'analysis',
    });
    expect(eventFor(event({ resource: 'users' }), ['ROLE_READER'])).toBeUndefined();
    expect(eventFor(event({ resource: 'users' }), ['ROLE_ADMIN'])?.resource).toBe('users');
  });
});

describe('isAfter', () => {
  it('compares ids as numbers, not text, and anything comes after no id', () => {
    expect(isAfter('10', '9')).toBe(true);
    expect(isAfter('9', '10')).toBe(false);
    expect(isAfter('9', '9')).toBe(false);
    expect(isAfter('1', undefined)).toBe(true);
    expect(isAfter('18446744073709551616', '18446744073709551615')).toBe(true);
  });
});

describe('actorOf: the stored writer as the event tells it', () => {
  it.each([
    ['sync:analysis', { kind: 'sync', name: 'analysis' }],
    ['sync:', { kind: 'sync', name: '' }],
    ['a@lab.test', { kind: 'user', name: 'a@lab.test' }],
    ['system', { kind: 'system', name: null }],
    ['cli', { kind: 'system', name: null }],
    // Only the prefix makes a sync: an address that holds 'sync:' elsewhere is a user's.
    ['x.sync:@lab.test', { kind: 'user', name: 'x.sync:@lab.test' }],
    [null, { kind: 'system', name: null }],
  ])('%j', (stored, actor) => expect(actorOf(stored)).toEqual(actor));
});

describe('the wire format (docs/dev/architecture.md#change-events)', () => {
  it("names the stream's two SSE events 'change' and 'reload'", () => {
    // A page's EventSource listens by these names; the server writes them.
    expect([CHANGE_EVENT, RELOAD_EVENT]).toEqual(['change', 'reload']);
  });

  it('takes an event as the server writes it', () => {
    expect(changeEventSchema.parse(event())).toEqual(event());
    for (const kind of ['user', 'sync', 'system'] as const)
      expect(eventActorSchema.parse({ kind, name: null })).toEqual({ kind, name: null });
    const keys = Array.from({ length: EVENT_KEYS_CAP }, (_, i) => String(i));
    expect(changeEventSchema.safeParse(event({ keys })).success).toBe(true);
  });

  it.each([
    ['an id that is not a number', { id: 'x7' }],
    ['an id with text after the number', { id: '7x' }],
    ['an id with text before the number', { id: 'x7' }],
    ['an empty id', { id: '' }],
    ['a resource that does not exist', { resource: 'boxen' }],
    [
      'more keys than travel with one event',
      { keys: Array.from({ length: EVENT_KEYS_CAP + 1 }, (_, i) => String(i)) },
    ],
    ['a negative count', { count: -1 }],
    ['an unknown kind of writer', { by: { kind: 'robot', name: null } }],
    ['no writer', { by: undefined }],
  ])('refuses %s', (_name, over) =>
    expect(changeEventSchema.safeParse({ ...event(), ...over }).success).toBe(false),
  );

  it('takes a multi-digit id', () => {
    expect(changeEventSchema.safeParse(event({ id: '18446744073709551616' })).success).toBe(true);
  });
});

describe('VIEW_EVENTS: what each list view refetches for', () => {
  it('its own resource and those its rows show fields of', () => {
    // Analysis rows show their sample's fields and are coloured by the limits; Samples rows show
    // their analyses' values and their box; Boxes rows their samples; Screens only their own items.
    expect(VIEW_EVENTS).toEqual({
      analysis: ['analysis', 'samples', 'limits'],
      samples: ['samples', 'analysis', 'boxes'],
      boxes: ['boxes', 'samples'],
      screens: ['screens'],
    });
  });
});

describe('changeSummary names every resource, one and many', () => {
  const nouns: Record<string, [string, string]> = {
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
  it('covers each resource the events name', () =>
    expect(Object.keys(nouns).sort()).toEqual([...EVENT_RESOURCE_NAMES].sort()));
  it.each(Object.entries(nouns))('%s', (resource, [one, many]) => {
    const by = { kind: 'system', name: null } as const;
    const of = (count: number) =>
      changeSummary(event({ resource: resource as ChangeEvent['resource'], count, by }));
    expect(of(1)).toBe(`1 ${one} changed by the server`);
    expect(of(2)).toBe(`2 ${many} changed by the server`);
  });
});
