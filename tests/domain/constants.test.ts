// The product rules' constants that the code keeps as plain values (src/domain/constants.ts),
// judged against docs/dev/product-rules.md: a value changed in the code alone is a product change
// nobody decided.
import { describe, expect, it } from 'vitest';
import {
  ADMIN_INACTIVITY_MS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_THEME,
  EXPORT_CONFIRM_ABOVE,
  EXPORT_POLL_MS,
  LIST_PAGE_SIZES,
  MANUAL_SYNC_RELOAD_MS,
  MAX_SELECTION,
  NOTIFICATION_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  SCREEN_PAGE_SIZES,
  THEMES,
} from '../../src/domain/constants';

describe('docs/dev/product-rules.md#behaviour Notifications', () => {
  it.each([
    ['analysis', 3000],
    ['samples', 3000],
    ['screens', 3000],
    ['boxes', 2000],
    ['reports', 2000],
    ['limits', 2000],
    ['settings', 2000],
    ['labels', 2000],
    ['sync', 2000],
  ] as const)('%s: %i ms', (page, ms) => expect(NOTIFICATION_TIMEOUT_MS[page]).toBe(ms));
});

describe('docs/dev/product-rules.md#records Session: the theme', () => {
  it('is light or dark, light by default', () => {
    expect(THEMES).toEqual(['light', 'dark']);
    expect(DEFAULT_THEME).toBe('light');
  });
});

describe('docs/dev/product-rules.md#constants', () => {
  it('page sizes, and the defaults of Analysis, Boxes and Screens', () => {
    expect(LIST_PAGE_SIZES).toEqual([25, 50, 100, 1000, 5000, 10000, 15000]);
    expect(SCREEN_PAGE_SIZES).toEqual([5, 10, 15]);
    expect([DEFAULT_PAGE_SIZE.analysis, DEFAULT_PAGE_SIZE.boxes, DEFAULT_PAGE_SIZE.screens]).toEqual([
      50, 25, 10,
    ]);
  });

  it('selection, export, polling, inactivity, the request timeout and the manual sync reload', () => {
    expect(MAX_SELECTION).toBe(1000);
    expect(EXPORT_CONFIRM_ABOVE).toBe(5000);
    expect(EXPORT_POLL_MS).toBe(2000);
    expect(ADMIN_INACTIVITY_MS).toBe(60 * 60 * 1000);
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(MANUAL_SYNC_RELOAD_MS).toBe(750);
  });
});
