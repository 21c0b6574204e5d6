// Turns a machine into the abstract model xstate/graph can traverse. createTestModel refuses
// invocations and delayed transitions, because it explores the graph without running effects or
// time. The model keeps every state, guard, action and transition of the real machine and only
// replaces each effect by the event that ends it: an invocation `id` becomes the events
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, a delay becomes `xstate.after.<delay>.<stateId>`
// — the very event types the real actor uses, so a test's executors map one-to-one onto the steps.
import { it } from 'vitest';
import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';

type Config = {
  id?: string;
  invoke?: InvokeConfig | InvokeConfig[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, Config>;
  [key: string]: unknown;
};
type InvokeConfig = { id?: string; onDone?: unknown; onError?: unknown; [key: string]: unknown };

const toModelConfig = (node: Config, stateId: string): Config => {
  const { invoke, after, on, states, ...rest } = node;
  const ending: Record<string, unknown> = {};
  for (const inv of invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke]) {
    if (!inv.id) throw new Error(`Give the invocation in '${stateId}' an id so tests can name its events`);
    if (inv.onDone !== undefined) ending[`xstate.done.actor.${inv.id}`] = inv.onDone;
    if (inv.onError !== undefined) ending[`xstate.error.actor.${inv.id}`] = inv.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {}))
    ending[`xstate.after.${delay}.${stateId}`] = transition;
  const children = states
    ? Object.fromEntries(
        Object.entries(states).map(([key, child]) => [
          key,
          toModelConfig(child, child.id ?? `${stateId}.${key}`),
        ]),
      )
    : undefined;
  return { ...rest, on: { ...on, ...ending }, ...(children ? { states: children } : {}) };
};

export const toTestModelMachine = <M extends AnyStateMachine>(machine: M): M =>
  createMachine(
    toModelConfig(machine.config as Config, machine.id) as never,
    machine.implementations as never,
  ) as unknown as M;

/** Lets promise-based actors settle: one macrotask after the event that started them. */
export const flush = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Every state node of a machine as a dotted path, except pure routing nodes no one can rest in (an
 * unguarded `always`): the list a model-based test checks it has visited.
 */
export const restingStateNodes = (machine: AnyStateMachine): string[] => {
  const walk = (node: AnyStateNode, prefix: string): string[] =>
    Object.entries(node.states).flatMap(([key, child]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      const routesOnly = child.always?.some((t) => !t.guard) ?? false;
      return [...(routesOnly ? [] : [path]), ...walk(child, path)];
    });
  return walk(machine.root, '');
};

/** The dotted paths of a snapshot's value: a state and every ancestor of it. */
export const activePaths = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [prefix ? `${prefix}.${value}` : value]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, sub]) => {
        const path = prefix ? `${prefix}.${key}` : key;
        return [path, ...activePaths(sub, path)];
      });

/**
 * The paths a model gives, or none and one failing test when exploring it throws: a machine that
 * crashes while the graph is walked fails a test instead of only the file's collection (which a
 * runner may not count as a failed test: StrykerJS's vitest runner does not).
 */
export const explored = <P>(generate: () => P[]): P[] => {
  try {
    return generate();
  } catch (error) {
    it('the model can be explored', () => {
      throw error;
    });
    return [];
  }
};
