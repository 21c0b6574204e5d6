// The rows a refetch brought because they changed elsewhere (the list view machine's `marked`),
// each kept marked for CHANGED_MARK_MS after the answer that brought it (`seq` counts answers).
// Marks add up: a second answer soon after (a sync's file and its own status line may come as two
// events) marks its rows without taking the first answer's marks away before their time.
import { useEffect, useMemo, useState } from 'react';
import { CHANGED_MARK_MS } from '../../../domain/events';

const NONE: ReadonlyMap<string, number> = new Map();

export const useChangeMarks = (marked: readonly string[], seq: number): ReadonlySet<string> => {
  /** Each marked row's key and the moment its mark ends (Date.now() ms). */
  const [until, setUntil] = useState<ReadonlyMap<string, number>>(NONE);
  useEffect(() => {
    if (seq === 0 || marked.length === 0) return;
    const end = Date.now() + CHANGED_MARK_MS;
    setUntil((before) => new Map([...before, ...marked.map((key): [string, number] => [key, end])]));
    // A new answer (seq) brings its `marked` with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);
  // The next mark to end ends on time; the ones still running stay.
  useEffect(() => {
    if (until.size === 0) return;
    const next = Math.min(...until.values());
    const timer = setTimeout(
      () => setUntil((before) => new Map([...before].filter(([, end]) => end > Date.now()))),
      Math.max(0, next - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [until]);
  return useMemo(() => new Set(until.keys()), [until]);
};
