// Binds one hotkeys-js key spec to a handler; returns the unbind. Capture phase, like Ctrl+K:
// React Aria's fields stop the propagation of keys they handle. The filter of useGlobalShortcuts
// lets chords with Ctrl, ⌘ or Alt through from text fields.
import hotkeys from 'hotkeys-js';

export function bindHotkey(hotkey: string, handler: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    event.preventDefault();
    handler();
  };
  hotkeys(hotkey, { capture: true }, onKey);
  return () => hotkeys.unbind(hotkey, onKey);
}
