// Every machine can be built: its configuration names states that exist (the initial state of each
// compound state, every transition's target, every `#id`), so a page that starts it gets a state
// and not an exception. The machines are imported inside the tests: a configuration xstate refuses
// throws while the module loads, and a test file failing at import is no failed test for StrykerJS's
// vitest runner (the mutant would count as survived although every suite of that machine fails).
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const MACHINES: Record<string, () => Promise<Record<string, unknown>>> = {
  auth: () => import('../../src/machines/auth.machine'),
  batchUpdate: () => import('../../src/machines/batchUpdate.machine'),
  boxPositions: () => import('../../src/machines/boxPositions.machine'),
  dateRangeLoad: () => import('../../src/machines/dateRangeLoad.machine'),
  eventStream: () => import('../../src/machines/eventStream.machine'),
  export: () => import('../../src/machines/export.machine'),
  listView: () => import('../../src/machines/listView.machine'),
  notifications: () => import('../../src/machines/notifications.machine'),
  rowEdit: () => import('../../src/machines/rowEdit.machine'),
  scanQueue: () => import('../../src/machines/scanQueue.machine'),
  selection: () => import('../../src/machines/selection.machine'),
  syncRefresh: () => import('../../src/machines/syncRefresh.machine'),
  undo: () => import('../../src/machines/undo.machine'),
};

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(nodesOf),
];

describe('every machine can be built', () => {
  it.each(Object.keys(MACHINES))('%s: its initial states and every transition target exist', async (name) => {
    const module = await MACHINES[name]!();
    const machine = module[`${name}Machine`] as AnyStateMachine;
    expect(machine.id, 'the machine is exported under its name').toBeTypeOf('string');
    for (const node of nodesOf(machine.root)) {
      if (node.type === 'compound') expect(node.states[node.initial.target[0]!.key], `${node.id}'s initial state`).toBeDefined();
      // Resolving the transitions resolves their targets; an unknown one throws.
      for (const transitions of node.transitions.values())
        for (const t of transitions) for (const target of t.target ?? []) expect(machine.getStateNodeById(target.id)).toBe(target);
    }
  });
});
