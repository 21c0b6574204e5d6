// Business constants of docs/dev/product-rules.md#constants, in one place for browser and server.

export const REQUEST_TIMEOUT_MS = 60_000;
export const ADMIN_INACTIVITY_MS = 3_600_000;
export const MAX_SELECTION = 1000;
export const EXPORT_CONFIRM_ABOVE = 5000;
export const EXPORT_POLL_MS = 2000;
export const DRAWER_WIDTH = 256;

export const LIST_PAGE_SIZES = [25, 50, 100, 1000, 5000, 10000, 15000] as const;
export const SCREEN_PAGE_SIZES = [5, 10, 15] as const;
export const DEFAULT_PAGE_SIZE = {
  analysis: 50,
  samples: 50,
  boxes: 25,
  screens: 10,
  screenItems: 25,
} as const;

export const REFRESH_MIN_S = 0;
export const REFRESH_MAX_S = 600;

export const DEFAULT_FLAGS = '-----';
export const TEMPLATE_SID = '8888888888888';
export const TEMPLATE_DATETIME = '2000-01-01 00:00:00';

/** Which page a notification belongs to decides how long it stays (docs/dev/product-rules.md#behaviour, docs/dev/product-rules.md#constants). */
export type NotificationPage =
  | 'analysis'
  | 'samples'
  | 'screens'
  | 'boxes'
  | 'reports'
  | 'limits'
  | 'settings'
  | 'labels'
  | 'sync'
  | 'logs'
  | 'shell';

export const NOTIFICATION_TIMEOUT_MS: Record<NotificationPage, number> = {
  analysis: 3000,
  samples: 3000,
  screens: 3000,
  boxes: 2000,
  reports: 2000,
  limits: 2000,
  settings: 2000,
  labels: 2000,
  sync: 2000,
  logs: 2000,
  shell: 3000,
};

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

/** Keys in the browser's local storage (docs/dev/product-rules.md#records "Saved browser preferences"). */
export const STORAGE_KEYS = {
  user: 'user',
  theme: 'theme',
  /** The Selection card's items: Analysis by aId, Samples by ID 'sId|sStamp'. */
  analysisSelection: 'analysis.selection',
  samplesSelection: 'samples.selection',
} as const;

/** Measured values with a server limit of the same name (docs/dev/product-rules.md#field-rules last row; the seed rows of the first migration). */
export const MEASUREMENT_FIELDS = [
  'pol',
  'nat',
  'kal',
  'an',
  'glu',
  'dry',
  'density',
  'weightNet',
  'weightMea',
  'weightNrm',
  'weightCur',
  'weightDif',
] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

/** The analysis values that have a column average (docs/dev/product-rules.md#records). */
export const AVERAGED_FIELDS = ['pol', 'nat', 'kal', 'an', 'glu', 'dry'] as const;
export type AveragedField = (typeof AVERAGED_FIELDS)[number];

export const EXCLUSIONS = ['farmer', 'screens', 'test'] as const;
export type Exclusion = (typeof EXCLUSIONS)[number];

export const TEMPLATE_LANE = 1;

export const SYNC_INTERVAL_MIN_MINUTES = 1;
export const SYNC_INTERVAL_MAX_MINUTES = 120;
export const SYNC_REFRESH_DEFAULT_S = 10;
export const MANUAL_SYNC_RELOAD_MS = 750;
