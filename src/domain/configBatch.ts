// The three batch-edited configuration lists (docs/dev/product-rules.md#behaviour Batch updates: Limits, Settings, Sync): how a
// row becomes the text of its fields, which rules judge the fields, and what a changed row sends.
// One shape for all three, so one machine (batchUpdate.machine.ts) serves the three pages.
import type { Limit, LimitWrite } from './entities/limit';
import type { Setting, SettingWrite } from './entities/setting';
import type { SyncEntry } from './entities/syncEntry';
import { INFO, REFRESH_TIMER_MESSAGE } from './messages';
import { limitErrors } from './rules/limits';
import { CAMPAIGN_SETTING, isAminoSetting, validateCampaign, validateSettingValue } from './rules/settings';
import { intervalInMinutes } from './sync';
import { REFRESH_MAX_S, REFRESH_MIN_S, SYNC_INTERVAL_MAX_MINUTES, SYNC_INTERVAL_MIN_MINUTES } from './constants';

/** Field text by field name. */
export type Draft = Readonly<Record<string, string>>;
/** Message by field name; an empty object is a valid row. */
export type DraftErrors = Readonly<Record<string, string>>;

export interface BatchKind<R> {
  /** The row's name: its key in the batch and in the messages ('pol', 'campaign', 'Analysis'). */
  idOf(row: R): string;
  draftOf(row: R): Draft;
  errorsOf(id: string, draft: Draft): DraftErrors;
  /** The info notification of Reload (docs/dev/product-rules.md#messages). */
  reloaded: string;
}

const text = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
const blankToNull = (v: string | undefined): string | null => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

/** Keeps only the messages that are set. */
const compact = (errors: Record<string, string | null>): DraftErrors =>
  Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => e[1] !== null));

export const limitBatch: BatchKind<Limit> = {
  idOf: (l) => l.name,
  draftOf: (l) => ({ info: text(l.info), min: l.min, max: l.max }),
  errorsOf: (_id, d) => compact({ ...limitErrors({ info: d.info ?? '', min: d.min ?? '', max: d.max ?? '' }) }),
  reloaded: INFO.limitsReloaded,
};

export const limitWriteOf = (row: Limit, draft: Draft): LimitWrite => ({
  name: row.name,
  info: draft.info ?? '',
  min: (draft.min ?? '').trim(),
  max: (draft.max ?? '').trim(),
  version: row.version,
});

/**
 * Settings: the value field only where a rule exists for it ('amino' settings) or the setting has a
 * value at all; the campaign has start and end instead. Info is shown, not edited here.
 */
export const settingHasValue = (s: Pick<Setting, 'name' | 'value'>): boolean =>
  s.name !== CAMPAIGN_SETTING && (isAminoSetting(s.name) || s.value !== null);

export const settingBatch: BatchKind<Setting> = {
  idOf: (s) => s.name,
  draftOf: (s): Draft =>
    s.name === CAMPAIGN_SETTING
      ? { start: text(s.start), end: text(s.end) }
      : settingHasValue(s)
        ? { value: text(s.value) }
        : {},
  errorsOf: (id, d) =>
    id === CAMPAIGN_SETTING
      ? compact({ start: validateCampaign(d.start, d.end) })
      : 'value' in d
        ? compact({ value: validateSettingValue(id, d.value ?? '') })
        : {},
  reloaded: INFO.settingsReloaded,
};

export const settingWriteOf = (row: Setting, draft: Draft): SettingWrite => ({
  name: row.name,
  info: row.info,
  value: 'value' in draft ? blankToNull(draft.value) : row.value,
  ...(row.name === CAMPAIGN_SETTING ? { start: blankToNull(draft.start), end: blankToNull(draft.end) } : {}),
  version: row.version,
});

// ---- sync -----------------------------------------------------------------------------------

export const SYNC_INTERVAL_MESSAGE = `Interval has to be between ${SYNC_INTERVAL_MIN_MINUTES} and ${SYNC_INTERVAL_MAX_MINUTES} minutes`;

/** The slider's minutes (docs/dev/product-rules.md#behaviour: SECONDS entries are shown in minutes). */
export const validateSyncMinutes = (value: string | undefined): string | null => {
  const t = (value ?? '').trim();
  const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
  return Number.isInteger(n) && n >= SYNC_INTERVAL_MIN_MINUTES && n <= SYNC_INTERVAL_MAX_MINUTES
    ? null
    : SYNC_INTERVAL_MESSAGE;
};

/** The slider's value of an entry: whole minutes within the slider's range. */
export const sliderMinutes = (e: Pick<SyncEntry, 'timeInterval' | 'unit'>): number =>
  Math.min(
    SYNC_INTERVAL_MAX_MINUTES,
    Math.max(SYNC_INTERVAL_MIN_MINUTES, Math.round(intervalInMinutes(e.timeInterval, e.unit))),
  );

export const syncBatch: BatchKind<SyncEntry> = {
  idOf: (e) => e.syncID,
  draftOf: (e) => ({ minutes: String(sliderMinutes(e)) }),
  errorsOf: (_id, d) => compact({ minutes: validateSyncMinutes(d.minutes) }),
  reloaded: INFO.syncConfigReloaded,
};

/** PUT /config/sync/{syncID} (docs/dev/product-rules.md#calls): the slider sets the interval in minutes. */
export const syncWriteOf = (row: SyncEntry, draft: Draft): SyncEntry => ({
  ...row,
  timeInterval: Number((draft.minutes ?? '').trim()),
  unit: 'MINUTES',
});

// ---- page refresh -----------------------------------------------------------------------------

/** The Sync page's refresh seconds (docs/dev/product-rules.md#constants: 0–600, 0 = off). */
export const validateRefreshSeconds = (value: string): string | null => {
  const t = value.trim();
  const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
  return Number.isInteger(n) && n >= REFRESH_MIN_S && n <= REFRESH_MAX_S ? null : REFRESH_TIMER_MESSAGE;
};
