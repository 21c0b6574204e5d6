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
  undo: {
    id: 'undo',
    hotkey: 'ctrl+z,command+z',
    keys: ['Ctrl+Z', '⌘+Z'],
    ariaKeyShortcuts: 'Control+Z Meta+Z',
    description: 'Undo your last change within 10 seconds (the snackbar says how it went)',
    where: 'Everywhere after sign-in, except inside text fields (there it undoes the typing)',
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

/**
 * The toolbar buttons' keys: the same chord does the same kind of thing on every page, and each is
 * bound while the page's palette command is registered (palette/registry.ts `hotkey`), which also
 * shows it next to the command.
 */
export const PAGE_SHORTCUTS = {
  load: {
    id: 'page-load',
    hotkey: 'alt+shift+r',
    keys: ['Alt+Shift+R'],
    ariaKeyShortcuts: 'Alt+Shift+R',
    description: 'Load or reload the page: Report, Get Logs, Reload',
    where: 'Reports, Hardware Logs, Value Limits, Settings, Synchronization',
  },
  update: {
    id: 'page-update',
    hotkey: 'alt+shift+u',
    keys: ['Alt+Shift+U'],
    ariaKeyShortcuts: 'Alt+Shift+U',
    description: 'Update: store the changed rows',
    where: 'Value Limits, Settings, Synchronization (admins)',
  },
  clear: {
    id: 'page-clear',
    hotkey: 'alt+shift+c',
    keys: ['Alt+Shift+C'],
    ariaKeyShortcuts: 'Alt+Shift+C',
    description: 'Clear the shown result or the form',
    where: 'Reports, Hardware Logs, Labels',
  },
  print: {
    id: 'page-print',
    hotkey: 'alt+shift+p',
    keys: ['Alt+Shift+P'],
    ariaKeyShortcuts: 'Alt+Shift+P',
    description: 'PDF of the shown report or list, or print the label',
    where: 'Reports, Analysis, Samples, Labels',
  },
  create: {
    id: 'page-create',
    hotkey: 'alt+shift+n',
    keys: ['Alt+Shift+N'],
    ariaKeyShortcuts: 'Alt+Shift+N',
    description: 'Create a new record',
    where: 'Analysis, Samples (admins)',
  },
  columns: {
    id: 'page-columns',
    hotkey: 'alt+shift+k',
    keys: ['Alt+Shift+K'],
    ariaKeyShortcuts: 'Alt+Shift+K',
    description: 'Choose the shown columns',
    where: 'Analysis, Samples',
  },
  apiTest: {
    id: 'page-api-test',
    hotkey: 'alt+shift+t',
    keys: ['Alt+Shift+T'],
    ariaKeyShortcuts: 'Alt+Shift+T',
    description: 'API Test: show the last request as JSON',
    where: 'Analysis, Samples',
  },
} as const satisfies Record<string, Shortcut>;

/** A page command's key fields for the palette: its hotkey and how it is written. */
export const pageKey = (s: Shortcut & { hotkey: string }) => ({ hotkey: s.hotkey, shortcut: s.keys });

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

export const ALL_SHORTCUTS: readonly Shortcut[] = [
  ...Object.values(SHORTCUTS),
  ...Object.values(PAGE_SHORTCUTS),
  ...COMPONENT_KEYS,
];
