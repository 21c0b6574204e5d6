// Turns a machine into the abstract model @xstate/graph can traverse. createTestModel refuses
// invocations and delayed transitions, because it explores the graph without running effects or
// time. The model keeps every state, guard, action and transition of the real machine and only
// replaces each effect by the event that ends it: an invocation `id` becomes the events
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, a delay becomes `xstate.after.<delay>.<stateId>`
// — the very event types the real actor uses, so a test's executors map one-to-one onto the steps.
import { createMachine, type AnyStateMachine } from 'xstate';

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
