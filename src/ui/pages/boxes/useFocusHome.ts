// Where the focus goes after an action of the positions table ends (issue 27: never left on
// <body>). An action remembers the control that started it (and, for a create, the row it made);
// once the list has settled, a focus that was lost — on <body>, on a control that turned disabled
// (Reorganize, Clear and Reload, Update), or on one that went away (a deleted row's icon) — moves to
// the new row, else back to the starting control while it is enabled, else to the table's current
// row, else to the first enabled button of the positions toolbar.
import { useCallback, useEffect, useRef, type RefObject } from 'react';

interface Pending {
  starter: HTMLElement | null;
  /** data-row-key of the row the action made. */
  rowKey: string | null;
}

const isLost = (el: Element | null): boolean =>
  !el || el === document.body || !el.isConnected || (el as HTMLButtonElement).disabled === true;

const usable = (el: HTMLElement | null | undefined): el is HTMLElement => !!el && !isLost(el);

export interface FocusHome {
  /** An action starts now, from the focused control. */
  start(): void;
  /** The action makes this row (its data-row-key): the focus goes there. */
  result(rowKey: string): void;
}

/**
 * `region` holds the positions table and its toolbar; `settled` is true while no write or load is
 * under way and no dialog is open; `tick` changes with every change of the list's state.
 */
export function useFocusHome(
  region: RefObject<HTMLElement | null>,
  settled: boolean,
  tick: unknown,
): FocusHome {
  const pending = useRef<Pending | null>(null);
  const start = useCallback(() => {
    const active = document.activeElement;
    pending.current = { starter: active instanceof HTMLElement ? active : null, rowKey: null };
  }, []);
  const result = useCallback((rowKey: string) => {
    pending.current = { starter: pending.current?.starter ?? null, rowKey };
  }, []);

  useEffect(() => {
    if (!settled || !pending.current) return;
    // After the dialogs' own focus restoring (a frame after they close) and the rows' rendering.
    const frame = requestAnimationFrame(() => {
      const p = pending.current;
      pending.current = null;
      const root = region.current;
      if (!p || !root) return;
      const byKey = (key: string) => root.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(key)}"]`);
      const active = document.activeElement;
      // The shell's focus rule (ui/focus/focusHome.ts) may already have given a closed dialog's
      // focus to the last control still there; a create still sends it on to the row it made,
      // unless the user is typing somewhere (a field or another dialog).
      const made = p.rowKey ? byKey(p.rowKey) : null;
      const typing =
        active instanceof HTMLElement &&
        (active.closest('[role="dialog"], [role="alertdialog"]') !== null ||
          active.matches('input, textarea, select'));
      if (!isLost(active) && !(usable(made) && !typing)) return;
      const home = [
        made,
        p.starter,
        root.querySelector<HTMLElement>('[role="row"][data-row-key][tabindex="0"]'),
        root.querySelector<HTMLElement>('[role="row"][data-row-key]'),
        ...root.querySelectorAll<HTMLElement>('[role="toolbar"] button'),
      ].find(usable);
      home?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [settled, tick, region]);

  return { start, result };
}
