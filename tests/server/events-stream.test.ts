// One client's stream against a hub whose notifications come late (events/stream.ts): on
// PostgreSQL an event's notification reaches the hub after its commit, so a reconnect's replay may
// read an event that then comes live too. It is sent once. (CI31 saw it sent twice: the ids sent
// before the stream went live were forgotten as soon as it did.)
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources';
import type { ChangeEvent } from '../../src/domain/events';
import type { ChangeHub } from '../../src/server/events/hub';
import { runStream } from '../../src/server/events/stream';

const event = (id: string): ChangeEvent => ({
  id,
  resource: RESOURCES.analysis.name,
  keys: [id],
  count: 1,
  version: null,
  by: { kind: 'sync', name: 'Analysis' },
  at: '2026-11-27 10:00:00',
});

/** A hub that replays `replayed` and lets the test deliver notifications when it likes. */
const lateHub = (replayed: ChangeEvent[], duringReplay: ChangeEvent[] = []) => {
  let subscriber: ((e: ChangeEvent) => void) | undefined;
  const hub = {
    subscribe: (s: (e: ChangeEvent) => void) => {
      subscriber = s;
      return () => (subscriber = undefined);
    },
    lastIssued: async () => '10',
    replay: async () => {
      // Notifications that arrive while the replay is read are held back until it is written.
      for (const e of duringReplay) subscriber?.(e);
      return { kind: 'events' as const, events: replayed };
    },
  };
  return { hub: hub as unknown as ChangeHub, notify: (e: ChangeEvent) => subscriber?.(e) };
};

const response = () => {
  const written: string[] = [];
  const res = { write: (t: string) => written.push(t), end: () => undefined, on: () => res };
  return { res: res as unknown as ServerResponse, ids: () => written.flatMap((t) => /^id: (\d+)\nevent: change/.exec(t)?.[1] ?? []) };
};

describe('a resumed stream', () => {
  it('sends an event the replay read once, when its notification comes after the stream went live', async () => {
    const { hub, notify } = lateHub([event('4'), event('5')], [event('6')]);
    const { res, ids } = response();
    const end = await runStream(res, { hub, roles: ['ROLE_ADMIN'], lastId: '3', heartbeatMs: 60_000 });
    // The replay's events' notifications, late, between new ones.
    notify(event('5'));
    notify(event('7'));
    notify(event('4'));
    notify(event('8'));
    end();
    expect(ids()).toEqual(['4', '5', '6', '7', '8']);
  });
});
