// Every keyboard shortcut of the app, in one list. The hotkeys are bound from here
// (useGlobalShortcuts) and the help page's keyboard table is generated from here
// (scripts/build-docs.ts), so the documentation cannot drift from what the keys do.
// Pure data on purpose: the docs build imports it under Node.

export interface Shortcut {
  id: string;
  /** hotkeys-js key spec, for shortcuts the app binds itself. */
  hotkey?: string;
  /** How the keys are written in the help and the palette, one entry per alternative. */
  keys: readonly string[];
  /** aria-keyshortcuts value for the control that does the same. */
  ariaKeyShortcuts?: string;
  description: string;
  /** Where the keys work. */
  where: string;
}

/** Shortcuts bound with hotkeys-js. */
export const SHORTCUTS = {
  palette: {
    id: 'palette',
    hotkey: 'ctrl+k,command+k',
    keys: ['Ctrl+K', '⌘+K'],
    ariaKeyShortcuts: 'Control+K Meta+K',
    description: 'Open or close the command palette',
    where: 'Everywhere after sign-in, also inside text fields',
  },
  sampleIdField: {
    id: 'sample-id-field',
    hotkey: 'alt+i',
    keys: ['Alt+I'],
    ariaKeyShortcuts: 'Alt+I',
    description: 'Jump to the Add SampleID field',
    where: 'Analysis and Samples, also inside text fields',
  },
  filterPanel: {
    id: 'filter-panel',
    hotkey: 'alt+shift+f',
    keys: ['Alt+Shift+F'],
    ariaKeyShortcuts: 'Alt+Shift+F',
    description: 'Open the filter panel and jump to its first field',
    where: 'Analysis and Samples, also inside text fields',
  },
} as const satisfies Record<string, Shortcut>;

/** Keys that the components themselves handle; listed so that the help tells the whole story. */
export const COMPONENT_KEYS: readonly Shortcut[] = [
  { id: 'submit', keys: ['Enter'], description: 'Sign in (in the login form)', where: 'Login page' },
  {
    id: 'palette-move',
    keys: ['↑', '↓'],
    description: 'Move through the commands',
    where: 'Command palette',
  },
  {
    id: 'palette-run',
    keys: ['Enter'],
    description: 'Run the highlighted command',
    where: 'Command palette',
  },
  {
    id: 'close',
    keys: ['Esc'],
    description:
      'Close the dialog, the navigation drawer or the command palette; focus returns to where it was',
    where: 'Dialogs, drawer, palette',
  },
  {
    id: 'tab',
    keys: ['Tab', 'Shift+Tab'],
    description: 'Move to the next or previous control',
    where: 'Everywhere',
  },
  {
    id: 'activate',
    keys: ['Enter', 'Space'],
    description: 'Press the focused button or follow the focused link (links: Enter)',
    where: 'Everywhere',
  },
];

export const ALL_SHORTCUTS: readonly Shortcut[] = [...Object.values(SHORTCUTS), ...COMPONENT_KEYS];
