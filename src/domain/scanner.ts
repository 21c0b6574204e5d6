// Keyboard-wedge barcode scanners "type" a sample id as a burst of digit keys and Enter, a few
// milliseconds apart; people type the same keys tens to hundreds of milliseconds apart. The detector
// tells the two apart by timing alone, so a scan is recognised wherever focus is (a table row, a
// button, the page) and never mistaken for someone typing. Pure: fed key names and event times.

/** Longest pause between two keys of one scan. Scanners send every 2–30 ms; a person rarely keeps
 *  under 50 ms for eight keys in a row. */
export const SCAN_MAX_GAP_MS = 50;

/** Shortest scan: the 8-digit short sample number (ids are 8 to 13 digits, docs/dev/product-rules.md#field-rules). */
export const SCAN_MIN_DIGITS = 8;

/** Longest scan accepted as a sample id (EAN-13). Longer bursts are two scans run together or noise. */
export const SCAN_MAX_DIGITS = 13;

export interface WedgeState {
  /** Digits of the burst so far. */
  digits: string;
  /** Event time of the last digit, or -Infinity. */
  lastAt: number;
}

export const WEDGE_IDLE: WedgeState = { digits: '', lastAt: Number.NEGATIVE_INFINITY };

export type WedgeResult =
  /** Part of a possible scan: the key is the scanner's, not the focused control's. */
  | { kind: 'digit'; state: WedgeState }
  /** Enter ended a burst: `code` is the scanned id. */
  | { kind: 'scan'; state: WedgeState; code: string }
  /** Not a scan: the key belongs to whatever has focus. */
  | { kind: 'other'; state: WedgeState };

const isDigit = (key: string): boolean => key.length === 1 && key >= '0' && key <= '9';

/** One key of the stream (KeyboardEvent.key and KeyboardEvent.timeStamp). */
export function feedWedge(state: WedgeState, key: string, at: number): WedgeResult {
  const inBurst = at - state.lastAt <= SCAN_MAX_GAP_MS;
  if (isDigit(key)) {
    // A pause starts a new burst with this digit.
    const digits = inBurst ? state.digits + key : key;
    return { kind: 'digit', state: { digits, lastAt: at } };
  }
  if (key === 'Enter' && inBurst && isScanLength(state.digits)) {
    return { kind: 'scan', state: WEDGE_IDLE, code: state.digits };
  }
  return { kind: 'other', state: WEDGE_IDLE };
}

export const isScanLength = (digits: string): boolean =>
  digits.length >= SCAN_MIN_DIGITS && digits.length <= SCAN_MAX_DIGITS;
