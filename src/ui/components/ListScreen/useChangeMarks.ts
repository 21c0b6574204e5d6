// The rows a refetch brought because they changed elsewhere (the list view machine's `marked`),
// kept marked for CHANGED_MARK_MS after each such answer (`seq` counts them).
import { useEffect, useState } from 'react';
import { CHANGED_MARK_MS } from '../../../domain/events';

const NONE: ReadonlySet<string> = new Set();

export const useChangeMarks = (marked: readonly string[], seq: number): ReadonlySet<string> => {
  const [shown, setShown] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    if (seq === 0) return;
    setShown(new Set(marked));
    const timer = setTimeout(() => setShown(NONE), CHANGED_MARK_MS);
    return () => clearTimeout(timer);
    // A new answer (seq) restarts the time; `marked` comes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);
  return shown;
};
