// Limits and settings (docs/dev/product-rules.md#calls Config): the measured-value bounds the row editor checks against and
// the settings list that carries the campaign shown on Analysis and Samples.
import { limitSchema, limitsResponseSchema, type Limit, type LimitWrite } from '../domain/entities/limit';
import { settingSchema, settingsResponseSchema, type Setting, type SettingWrite } from '../domain/entities/setting';
import { syncEntrySchema, syncResponseSchema, type SyncEntry, type SyncId } from '../domain/entities/syncEntry';
import { send, sendText, type CallOptions, type Http } from './http';

/** GET /config/limits. */
export const getLimits = async (http: Http, opts: CallOptions = {}): Promise<Limit[]> =>
  (await send(http.get('config/limits', { signal: opts.signal }), limitsResponseSchema)).limits;

/** GET /config/settings. */
export const getSettings = async (http: Http, opts: CallOptions = {}): Promise<Setting[]> =>
  (await send(http.get('config/settings', { signal: opts.signal }), settingsResponseSchema)).settings;

/** The campaign setting's range (either end may be open); null when the setting is missing. */
export const campaignOf = (settings: readonly Setting[]): { start: string | null; end: string | null } | null => {
  const campaign = settings.find((s) => s.name === 'campaign');
  return campaign ? { start: campaign.start ?? null, end: campaign.end ?? null } : null;
};

/** PUT /config/limits/{name} (admin): the limit as stored. */
export const updateLimit = async (http: Http, body: LimitWrite, opts: CallOptions = {}): Promise<Limit> =>
  send(http.put(`config/limits/${encodeURIComponent(body.name)}`, { json: body, signal: opts.signal }), limitSchema);

/** PUT /config/settings/{name} (admin): the setting as stored. */
export const updateSetting = async (http: Http, body: SettingWrite, opts: CallOptions = {}): Promise<Setting> =>
  send(
    http.put(`config/settings/${encodeURIComponent(body.name)}`, { json: body, signal: opts.signal }),
    settingSchema,
  );

/** GET /config/sync: the four sync entries. */
export const getSync = async (http: Http, opts: CallOptions = {}): Promise<SyncEntry[]> =>
  (await send(http.get('config/sync', { signal: opts.signal }), syncResponseSchema)).sync;

/** PUT /config/sync/{syncID} (admin): 200 is success; the entry as stored. */
export const updateSync = async (http: Http, entry: SyncEntry, opts: CallOptions = {}): Promise<SyncEntry> =>
  send(http.put(`config/sync/${entry.syncID}`, { json: entry, signal: opts.signal }), syncEntrySchema);

/** GET /config/sync/{syncID}: starts that sync, or joins the run of it going on. */
export const startSync = async (http: Http, syncID: SyncId, opts: CallOptions = {}): Promise<SyncEntry> =>
  send(http.get(`config/sync/${syncID}`, { signal: opts.signal }), syncEntrySchema);

/** GET /config/sync/logs/{syncID}: the run log as text. */
export const getSyncLog = async (http: Http, syncID: SyncId, opts: CallOptions = {}): Promise<string> =>
  sendText(http.get(`config/sync/logs/${syncID}`, { signal: opts.signal }));
