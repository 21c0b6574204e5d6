// Keeps a heavy component from re-rendering when only its callbacks' identities changed. The
// pages pass fresh arrow functions every render (a key typed in a filter field, a busy flag, a
// snackbar): each re-rendered the whole table, 200–400 ms on a 50-row Analysis page. Every function
// prop becomes a trampoline that is the same across renders and always calls the newest function,
// so a memo() of the component compares only what it shows.
import { useRef } from 'react';

type AnyFunction = (...args: unknown[]) => unknown;

export function useStableCallbacks<P extends object>(props: P): P {
  const latest = useRef(props);
  // Written during render on purpose: functions the child calls while rendering (getRowId) must
  // see this render's props, before any effect of the parent has run.
  latest.current = props;
  const trampolines = useRef(new Map<string, AnyFunction>());
  const stable: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (typeof value !== 'function') {
      stable[key] = value;
      continue;
    }
    let trampoline = trampolines.current.get(key);
    if (!trampoline) {
      trampoline = (...args) => ((latest.current as Record<string, unknown>)[key] as AnyFunction)(...args);
      trampolines.current.set(key, trampoline);
    }
    stable[key] = trampoline;
  }
  return stable as P;
}
