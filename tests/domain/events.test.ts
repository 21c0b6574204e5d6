// The change events' shared rules (src/domain/events.ts): what a live region says, who may read
// which event and how much of the writer they see, and the order of event ids.
import { describe, expect, it } from 'vitest';
import { changeSummary, eventFor, isAfter, type ChangeEvent } from '../../src/domain/events';

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
