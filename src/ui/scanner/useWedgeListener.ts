// The keyboard-wedge listener, mounted once in the signed-in shell. A scanner types digits and
// Enter a few ms apart; with focus outside any text field (a table row, a button, the page) those
// keys would toggle the focused row or vanish. In the capture phase, before any control sees them,
// digits are held back and fed to the burst detector (src/domain/scanner.ts); an Enter that ends a
// burst becomes a scan for the page's scan target. An Enter that ends no burst goes on to the
// focused control as usual. In a text field everything is left alone: what is typed or scanned
// there belongs to that field (Add SampleID queues it itself).
import { useEffect } from 'react';
import { feedWedge, WEDGE_IDLE, type WedgeState } from '../../domain/scanner';
import { currentScanTarget } from './scanTarget';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'number', 'email', 'password', 'tel', 'url', '']);

/** A field that takes typed text: keys there are the field's. */
export const isTextEntry = (element: Element | null): boolean => {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable || element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type);
  return false;
};

export function useWedgeListener(): void {
  useEffect(() => {
    let state: WedgeState = WEDGE_IDLE;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = currentScanTarget();
      if (!target || event.ctrlKey || event.metaKey || event.altKey) {
        state = WEDGE_IDLE;
        return;
      }
      if (isTextEntry(document.activeElement)) {
        state = WEDGE_IDLE;
        return;
      }
      const result = feedWedge(state, event.key, event.timeStamp);
      state = result.state;
      if (result.kind === 'other') return;
      // A digit (possibly part of a scan) or the Enter ending one: not the focused control's.
      event.preventDefault();
      event.stopPropagation();
      if (result.kind === 'scan') target.scan(result.code);
    };
    document.addEventListener('keydown', onKeyDown, { capture: true });
    return () => document.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
}
