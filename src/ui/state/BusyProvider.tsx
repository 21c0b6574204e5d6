// The full-screen busy indicator: busy while at least one tracked promise is in flight.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface Busy {
  busy: boolean;
  /** Counts `p` as in flight until it settles, and returns it unchanged. */
  track<T>(p: Promise<T>): Promise<T>;
}

const BusyContext = createContext<Busy | null>(null);

export function BusyProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const track = useCallback(<T,>(p: Promise<T>): Promise<T> => {
    setCount((n) => n + 1);
    const done = () => setCount((n) => n - 1);
    // The counter follows the promise either way; the caller still sees the rejection.
    p.then(done, done);
    return p;
  }, []);
  const value = useMemo<Busy>(() => ({ busy: count > 0, track }), [count, track]);
  return <BusyContext.Provider value={value}>{children}</BusyContext.Provider>;
}

export function useBusy(): Busy {
  const value = useContext(BusyContext);
  if (!value) throw new Error('useBusy must be used inside <BusyProvider>');
  return value;
}
