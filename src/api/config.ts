// Limits and settings (spec §7 Config): the measured-value bounds the row editor checks against and
// the settings list that carries the campaign shown on Analysis and Samples.
import { limitsResponseSchema, type Limit } from '../domain/entities/limit';
import { settingsResponseSchema, type Setting } from '../domain/entities/setting';
import { send, type CallOptions, type Http } from './http';

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
