// What Enter runs in the palette (issue 27): the first command of the first group. The page's own
// commands come first for the words they match ('pdf' on Reports, 'log' on Hardware Logs), writes
// still last, and an empty search keeps the pages to go to on top.
import { describe, expect, it } from 'vitest';
import { groupActions, paletteScore } from '../../src/ui/palette/ranking';
import type { PaletteAction } from '../../src/ui/palette/registry';

const noop = () => undefined;
const SHELL: PaletteAction[] = [
  { id: 'go:/reports', label: 'Go to Reports', group: 'Go to page', keywords: ['Reports', 'day report'], effect: 'navigate', scope: 'app', perform: noop },
  { id: 'go:/logs', label: 'Go to Hardware Logs', group: 'Go to page', keywords: ['Hardware Logs', 'logging', 'hardware'], effect: 'navigate', scope: 'app', perform: noop },
  { id: 'help', label: 'Open help (Hilfe)', group: 'Help and settings', keywords: ['help', 'doc', 'manual', 'hilfe', 'keyboard', 'shortcuts'], effect: 'navigate', scope: 'app', perform: noop },
  { id: 'theme', label: 'Switch to dark theme', group: 'Help and settings', keywords: ['theme', 'dark'], scope: 'app', perform: noop },
  { id: 'logout', label: 'Log out', group: 'Session', keywords: ['logout', 'sign out', 'abmelden'], scope: 'app', perform: noop },
];
const REPORTS: PaletteAction[] = [
  { id: 'report', label: 'Reports for 2026-11-24 to 2026-11-25', group: 'Reports', keywords: ['report', 'bericht', 'day', 'suspicious'], perform: noop },
  { id: 'report-pdf', label: 'Report PDF', group: 'Reports', keywords: ['pdf', 'report', 'download', 'bericht'], perform: noop },
  { id: 'report-clear', label: 'Clear the reports', group: 'Reports', keywords: ['clear', 'reset'], perform: noop },
];
const LOGS: PaletteAction[] = [
  { id: 'get-logs', label: 'Get Logs', group: 'Hardware Logs', keywords: ['hardware', 'log', 'protokoll'], perform: noop },
  { id: 'clear-logs', label: 'Clear the logs', group: 'Hardware Logs', keywords: ['clear', 'reset'], perform: noop },
];
const EXPORTS: PaletteAction[] = [
  { id: 'export:sap', label: 'Export SAP', group: 'Export', keywords: ['export', 'sap'], effect: 'write', perform: noop },
];

/** The commands in the order the palette lists them for `search` (as cmdk sorts inside groups). */
const listed = (actions: PaletteAction[], search: string): string[] =>
  groupActions(actions, search ? (a) => paletteScore(a, search) : undefined).flatMap(([, items]) =>
    items
      .filter((a) => !search || paletteScore(a, search) > 0)
      .toSorted((a, b) => (search ? paletteScore(b, search) - paletteScore(a, search) : 0))
      .map((a) => a.label),
  );

describe('palette ranking', () => {
  it("'pdf' on Reports: Report PDF first, not Open help", () => {
    expect(listed([...SHELL, ...REPORTS], 'pdf')[0]).toBe('Report PDF');
  });

  it("'log' on Hardware Logs: Get Logs before Log out", () => {
    const order = listed([...SHELL, ...LOGS], 'log');
    expect(order[0]).toBe('Get Logs');
    expect(order.indexOf('Get Logs')).toBeLessThan(order.indexOf('Log out'));
  });

  it('a page name still leads to the page; writes stay last; empty search opens on the pages', () => {
    expect(listed([...SHELL, ...REPORTS], 'hardware')[0]).toBe('Go to Hardware Logs');
    expect(listed([...SHELL, ...EXPORTS, ...LOGS], 'export sap').at(-1)).toBe('Export SAP');
    expect(listed([...SHELL, ...EXPORTS], 'sa')).not.toContain('Export SAP');
    // Its whole name typed: a deliberate choice (the export still asks first).
    expect(listed([...SHELL, ...EXPORTS, ...REPORTS], 'Export SAP')[0]).toBe('Export SAP');
    expect(listed([...SHELL, ...REPORTS], '')[0]).toBe('Go to Reports');
  });
});
