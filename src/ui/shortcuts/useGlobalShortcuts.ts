// Binds the app's global hotkeys (see list.ts) while the signed-in shell is mounted.
import { useEffect, useRef } from 'react';
import hotkeys from 'hotkeys-js';
import { SHORTCUTS } from './list';

export interface ShortcutHandlers {
  palette: () => void;
  /** Ctrl+Z outside text fields: undo the last change (inside one the field undoes the typing). */
  undo: () => void;
}

const EDITABLE = /^(INPUT|TEXTAREA|SELECT)$/;

const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || EDITABLE.test(target.tagName));

// hotkeys-js ignores keys typed into form fields by default. Chords with Ctrl, ⌘ or Alt are not
// typing, so they stay active there (Ctrl+K from the filter field); plain keys never fire while
// the user types or a barcode scanner "types" a sample id.
hotkeys.filter = (event: KeyboardEvent) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  return !isTextField(target);
};

export function useGlobalShortcuts(handlers: ShortcutHandlers): void {
  // Handlers change every render; the binding should not, or a key press could fall between
  // unbind and bind.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onPalette = (event: KeyboardEvent) => {
      // Ctrl+K is also the browser's "search the web" key.
      event.preventDefault();
      latest.current.palette();
    };
    // Capture phase: React Aria's fields stop the propagation of keys they handle (Add SampleID,
    // Refresh interval), so a listener on the way back up would never hear Ctrl+K from them.
    hotkeys(SHORTCUTS.palette.hotkey, { capture: true }, onPalette);
    const onUndo = (event: KeyboardEvent) => {
      // In a text field Ctrl+Z is the field's own undo of the typing: left to the browser.
      if (isTextField(event.target)) return;
      event.preventDefault();
      latest.current.undo();
    };
    hotkeys(SHORTCUTS.undo.hotkey, { capture: true }, onUndo);
    return () => {
      hotkeys.unbind(SHORTCUTS.palette.hotkey, onPalette);
      hotkeys.unbind(SHORTCUTS.undo.hotkey, onUndo);
    };
  }, []);
}

/** Binds `hotkey` while the calling component is mounted (a page's own shortcut). */
export function useShortcut(hotkey: string, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      event.preventDefault();
      latest.current();
    };
    // Capture phase, like Ctrl+K: React Aria's fields stop the keys they handle.
    hotkeys(hotkey, { capture: true }, onKey);
    return () => hotkeys.unbind(hotkey, onKey);
  }, [hotkey]);
}
