// The command palette's action registry. The shell registers navigation and session actions;
// pages register their own (filters, exports…) while mounted. A tiny external store, read with
// useSyncExternalStore, so registering from anywhere re-renders only the palette.
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import type { IconName } from '../kit/Icon';
import { bindHotkey } from '../shortcuts/bindHotkey';

export interface PaletteAction {
  /** Unique within its registration. */
  id: string;
  /** What the option reads; unique across the palette (cmdk selects by it). */
  label: string;
  /** Heading the option is listed under ('Navigation', 'Analysis', …). */
  group: string;
  /** More words to match on (German terms, synonyms). */
  keywords?: readonly string[];
  /** Keys shown next to the option, e.g. ['Ctrl+K']. */
  shortcut?: readonly string[];
  /**
   * A hotkeys-js key spec bound to `perform` while the action is registered (a page's toolbar
   * button, e.g. 'alt+shift+r'); see shortcuts/list.ts PAGE_SHORTCUTS, which also gives `shortcut`.
   */
  hotkey?: string;
  /** What running it does, in a few words: shown for the highlighted option before Enter. */
  description?: string;
  /**
   * 'page' (default): an action of the page on screen, ranked above the app's own commands
   * (navigation, help, log out) that match the same words; 'app': those commands (the shell's).
   */
  scope?: PaletteScope;
  icon?: IconName;
  /** Language of the label when it is not English. */
  lang?: 'de';
  /**
   * What running it does: 'navigate' (goes to a page), 'read' (default: shows, filters, downloads)
   * or 'write' (changes stored data: SAP/ZFT exports, deletes, clearing the selection). A write is
   * listed last, is never the first match of a short search, and its perform must ask first.
   */
  effect?: PaletteEffect;
  perform(): void;
}

export type PaletteEffect = 'navigate' | 'read' | 'write';
export type PaletteScope = 'page' | 'app';

const registrations = new Map<string, readonly PaletteAction[]>();
const listeners = new Set<() => void>();
let snapshot: readonly PaletteAction[] = [];

function emit() {
  // Map iteration order is registration order: the shell's actions come first.
  snapshot = [...registrations.values()].flat();
  for (const listener of listeners) listener();
}

/** Adds `actions` under `id` (replacing an earlier set with that id); returns the unregister. */
export function registerActions(id: string, actions: readonly PaletteAction[]): () => void {
  registrations.set(id, actions);
  emit();
  return () => {
    // Only remove what this call added: a newer registration under the same id stays.
    if (registrations.get(id) === actions) {
      registrations.delete(id);
      emit();
    }
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => snapshot;

/** All registered actions, in registration order. */
export function usePaletteActionList(): readonly PaletteAction[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

const signatureOf = (actions: readonly PaletteAction[]) =>
  actions
    .map((a) =>
      [
        a.id,
        a.label,
        a.group,
        a.keywords?.join(' '),
        a.shortcut?.join(' '),
        a.hotkey,
        a.description,
        a.scope,
        a.icon,
        a.lang,
        a.effect,
      ].join(
        '\u0000',
      ),
    )
    .join('\u0001');

/**
 * Registers `actions` while the calling component is mounted. Pages may pass a fresh array every
 * render: it is re-registered only when what the palette shows changes, and `perform` always calls
 * the latest closure.
 */
export function usePaletteActions(actions: readonly PaletteAction[]): void {
  const id = useId();
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  const signature = signatureOf(actions);

  useEffect(() => {
    const stable = latest.current.map((action) => ({
      ...action,
      perform: () => latest.current.find((a) => a.id === action.id)?.perform(),
    }));
    const unbind = stable.flatMap((action) => (action.hotkey ? [bindHotkey(action.hotkey, action.perform)] : []));
    const unregister = registerActions(id, stable);
    return () => {
      for (const u of unbind) u();
      unregister();
    };
  }, [id, signature]);
}
