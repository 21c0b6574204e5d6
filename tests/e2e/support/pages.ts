// The pages of docs/dev/product-rules.md#screens as the user sees them: menu entry, route and page heading. Written out here
// rather than imported from src/ui, so that the tests check the app against the spec.
export interface ExpectedPage {
  /** Drawer entry (link name). */
  entry: string;
  path: string;
  heading: string;
  /** What to type into the palette, and the option that must come first. */
  command: string;
}

export const PAGES: readonly ExpectedPage[] = [
  { entry: 'Samples', path: '/samples', heading: 'Samples', command: 'Go to Samples' },
  { entry: 'Analysis', path: '/analysis', heading: 'Analysis', command: 'Go to Analysis' },
  { entry: 'Boxes', path: '/boxes', heading: 'Boxes', command: 'Go to Boxes' },
  { entry: 'Screens', path: '/screens', heading: 'Screens', command: 'Go to Screens' },
  { entry: 'Reports', path: '/reports', heading: 'Reports', command: 'Go to Reports' },
  { entry: 'Synchronization', path: '/sync', heading: 'Synchronization', command: 'Go to Synchronization' },
  { entry: 'Value Limits', path: '/limits', heading: 'Value Limits', command: 'Go to Value Limits' },
  { entry: 'Settings', path: '/settings', heading: 'Settings', command: 'Go to Settings' },
  { entry: 'Labels', path: '/labels', heading: 'Labels', command: 'Go to Labels' },
  { entry: 'Hardware Logs', path: '/logs', heading: 'Hardware Logs', command: 'Go to Hardware Logs' },
  { entry: 'Hilfe', path: '/doc', heading: 'Hilfe', command: 'Open help (Hilfe)' },
];

/** The page only admins are offered (drawer and palette), shown after the pages everyone has. */
export const AUDIT_PAGE: ExpectedPage = { entry: 'Audit trail', path: '/audit', heading: 'Audit trail', command: 'Go to Audit trail' };

/** The drawer's entries for an admin: every page, the audit trail, then help. */
export const ADMIN_PAGES: readonly ExpectedPage[] = [...PAGES.slice(0, -1), AUDIT_PAGE, ...PAGES.slice(-1)];
