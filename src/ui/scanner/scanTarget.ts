// Where a scan goes (issue: no scan is ever lost). A page that takes scans — Analysis and Samples
// (Add SampleID), later Boxes (the selected box) and Labels (the Sample ID field) — registers one
// target while it is mounted; the wedge listener hands it every scan made outside a text field.
// A tiny external store: the newest registration wins, and unmounting restores the one before.
import { useEffect, useRef } from 'react';

export interface ScanTarget {
  /** Takes one scanned id; queued and announced by the page. */
  scan(code: string): void;
  /** The field that takes typed or scanned ids on this page; a scan into it is its own. */
  field?: () => HTMLElement | null;
}

const stack: ScanTarget[] = [];

/** The page's current scan target, if any. */
export const currentScanTarget = (): ScanTarget | undefined => stack.at(-1);

/** Registers `target` while the calling component is mounted; `scan` always calls the latest. */
export function useScanTarget(target: ScanTarget): void {
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
  });
  useEffect(() => {
    const registered: ScanTarget = {
      scan: (code) => latest.current.scan(code),
      field: () => latest.current.field?.() ?? null,
    };
    stack.push(registered);
    return () => {
      const at = stack.indexOf(registered);
      if (at >= 0) stack.splice(at, 1);
    };
  }, []);
}
