// Keeps a heavy component from re-rendering when only its callbacks' identities changed. The
// pages pass fresh arrow functions every render (a key typed in a filter field, a busy flag, a
// snackbar): each re-rendered the whole table, 200–400 ms on a 50-row Analysis page. Every function
// prop becomes a trampoline that is the same across renders and always calls the newest function,
// so a memo() of the component compares only what it shows.
import { useRef } from 'react';

type AnyFunction = (...args: unknown[]) => unknown;

const isOptions = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

export function useStableCallbacks<P extends object>(props: P): P {
  const latest = useRef(props);
  /** Option objects (`selection`, `paging`): the previous stable copy of each, by prop name. */
  const options = useRef(new Map<string, Record<string, unknown>>());
  const trampolines = useRef(new Map<string, AnyFunction>());
  // Written during render on purpose: functions the child calls while rendering (getRowId) must
  // see this render's props, before any effect of the parent has run.
  latest.current = props;
  const stable: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    // An option object of values and callbacks, made anew by each render of the page: kept as the
    // same object while its values are the same, its callbacks calling the newest ones.
    if (isOptions(value) && Object.values(value).some((v) => typeof v === 'function')) {
      const previous = options.current.get(key);
      const same =
        previous !== undefined &&
        Object.keys(previous).length === Object.keys(value).length &&
        Object.entries(value).every(
          ([k, v]) => k in previous && (typeof v === 'function' || previous[k] === v),
        );
      if (same) {
        stable[key] = previous;
        continue;
      }
      const copy: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (typeof v !== 'function') {
          copy[k] = v;
          continue;
        }
        const name = `${key}.${k}`;
        let trampoline = trampolines.current.get(name);
        if (!trampoline) {
          trampoline = (...args) =>
            ((latest.current as Record<string, Record<string, unknown>>)[key]![k] as AnyFunction)(...args);
          trampolines.current.set(name, trampoline);
        }
        copy[k] = trampoline;
      }
      options.current.set(key, copy);
      stable[key] = copy;
      continue;
    }
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
