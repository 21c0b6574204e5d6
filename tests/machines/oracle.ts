// The oracle of the model-based tests: the spec's rules written as checks on what the user sees
// and what is sent, independent of the machine under test. The model (createTestModel over the
// machine) only proposes paths; each path is replayed on a real actor, then every event the model
// offers is tried once more at its end, and the rules judge every step from what was seen before,
// the event, and what is seen after. A guard dropped from the machine changes what a step shows or
// sends, so a rule fails even though the model, built from the same machine, agrees with it.
import { expect } from 'vitest';
import { getNextSnapshot, type EventObject, type Snapshot } from 'xstate';
import type { TestModel } from 'xstate/graph';

/** One step as the user meets it. */
export interface Step<Seen, E> {
  before: Seen;
  event: E;
  after: Seen;
}

/** Rules by name (the spec's words); each throws (an `expect`) when a step breaks it. */
export type Rules<Seen, E> = Record<string, (step: Step<Seen, E>) => void>;

/**
 * The system under test as the oracle drives it: send one event (a user's or an answer), look, and
 * fork a copy in the same state (restored from the actor's persisted snapshot, with what was sent
 * and said so far) to try one more event on.
 */
export interface Driver<Seen, E> {
  send(event: E): Promise<void> | void;
  seen(): Seen;
  /** Synchronous from a persisted snapshot, or a promise when the copy replays the path. */
  fork(): Driver<Seen, E> | Promise<Driver<Seen, E>>;
}

/** A state of the model: the shortest path to it, and the events tried there. */
export interface Walk<E> {
  name: string;
  path: E[];
  tries: E[];
}

/**
 * Every transition the model knows of: each state's shortest path (every state, not only the ends
 * of the longest paths), and every event offered there. Events the machine ignores are tried too
 * (a dropped guard turns one into a transition).
 *
 * Under mutation testing (LAB_MODEL_COVER=transitions, set by stryker/vitest.config.ts) every
 * mutant re-runs these files, so they judge a transition cover instead: each kind of step once, on
 * the shortest path that reaches it (see `coverOnly`).
 */
export const transitionWalks = <S extends Snapshot<unknown>, E extends EventObject>(
  model: TestModel<S, E, unknown>,
  eventsOf: (state: S) => readonly E[],
): Walk<E>[] => {
  const walks = model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => {
    const events = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
    const name = events.map((e) => e.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    return { name: name || 'start', path: events, tries: [...eventsOf(path.state)], state: path.state };
  });
  const chosen = coverMode() ? coverOnly(model, walks) : walks;
  return chosen.map(({ name, path, tries }) => ({ name, path, tries }));
};

/** Whether the tests run under mutation testing (this folder is typed for the browser: no node types). */
const coverMode = () =>
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.LAB_MODEL_COVER ===
  'transitions';

/** A value as a comparable string (effects' errors and dates included). */
const keyOf = (value: unknown): string => {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (v instanceof Error ? `Error: ${v.message}` : v)) ?? '';
  } catch {
    return String(value);
  }
};

/**
 * The kind of step an event makes in a state, as the model (the unmutated machine) computes it:
 * the state's value, the event with its payload, the value after, and which context fields change.
 * Two steps of one kind take the same transition through the same guards, so one of them is judged.
 */
const stepKind = <S extends Snapshot<unknown>, E extends EventObject>(
  model: TestModel<S, E, unknown>,
  state: S,
  event: E,
): string => {
  const value = (s: unknown) => keyOf((s as { value?: unknown }).value);
  const context = (s: unknown) => ((s as { context?: Record<string, unknown> }).context ?? {}) as Record<string, unknown>;
  const next = getNextSnapshot(model.testLogic, state, event);
  const before = context(state);
  const after = context(next);
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => keyOf(before[key]) !== keyOf(after[key]))
    .sort();
  return [value(state), keyOf(event), value(next), changed.join(',')].join(' | ');
};

/**
 * A transition cover of the walks: shortest walks first, each keeping only the tries whose kind of
 * step no shorter walk tried (the shortest state is where a boundary of a guard lies), and walks left
 * with no try dropped. Every transition and every guard's outcome the model reaches is still judged.
 */
export const coverOnly = <S extends Snapshot<unknown>, E extends EventObject, W extends Walk<E> & { state: S }>(
  model: TestModel<S, E, unknown>,
  walks: W[],
): W[] => {
  const judged = new Set<string>();
  const kept: W[] = [];
  for (const walk of [...walks].sort((a, b) => a.path.length - b.path.length)) {
    const tries = walk.tries.filter((event) => {
      const kind = stepKind(model, walk.state, event);
      if (judged.has(kind)) return false;
      judged.add(kind);
      return true;
    });
    if (tries.length > 0) kept.push({ ...walk, tries });
  }
  return kept;
};

/**
 * Replays a walk's path on a fresh driver, then tries each event from there on a fork, judging
 * each try by every rule. (The path's own steps are tries of the states before it.)
 */
export const checkWalk = async <Seen, E extends EventObject>(
  walk: Walk<E>,
  start: () => Driver<Seen, E>,
  rules: Rules<Seen, E>,
): Promise<void> => {
  const base = start();
  for (const event of walk.path) await base.send(event);
  for (const event of walk.tries) {
    const driver = await base.fork();
    const before = driver.seen();
    await driver.send(event);
    const after = driver.seen();
    for (const [rule, check] of Object.entries(rules)) {
      try {
        check({ before, event, after });
      } catch (error) {
        const at = `${walk.name} → ${event.type}`;
        throw new Error(`rule '${rule}' broken at ${at}:\n${(error as Error).message}`, { cause: error });
      }
    }
  }
};

/** The items appended to a list during a step. */
export const added = <T>(before: readonly T[], after: readonly T[]): T[] => {
  expect(after.slice(0, before.length), 'what was sent or said before stays').toEqual(before);
  return after.slice(before.length);
};
