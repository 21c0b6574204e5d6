// Application settings (docs/dev/product-rules.md#field-rules Settings). The campaign may be open on either side; a date without a
// time is widened so that the whole first and last day belong to the campaign.
import { compareDateTime, parseDateOrDateTime, parseLabDateTime } from '../datetime';
import { CAMPAIGN_START_BEFORE_END, DATE_OR_DATETIME_MESSAGE } from '../messages';
import { validateAminoFactor, type FieldValue } from './fields';

export const CAMPAIGN_SETTING = 'campaign';

export const isAminoSetting = (name: string): boolean => name.toLowerCase().includes('amino');

/** The per-name rule: only 'amino' settings have a constrained value. */
export const validateSettingValue = (name: string, value: FieldValue): string | null =>
  isAminoSetting(name) ? validateAminoFactor(value) : null;

const complete = (text: string | null | undefined, time: string): string | null => {
  const t = (text ?? '').trim();
  if (t === '') return null;
  const parsed = parseDateOrDateTime(t);
  if (!parsed) return t;
  return parsed.kind === 'date' ? `${t} ${time}` : t;
};

/** '' or null → null (open); a date → 'date 00:00:00'; invalid text is returned for the rule to reject. */
export const completeCampaignStart = (start: string | null | undefined): string | null =>
  complete(start, '00:00:00');
/** '' or null → null (open); a date → 'date 23:59:59'. */
export const completeCampaignEnd = (end: string | null | undefined): string | null =>
  complete(end, '23:59:59');

/** Judges the completed values: each a datetime or open, and start strictly before end. */
export const validateCampaign = (
  start: string | null | undefined,
  end: string | null | undefined,
): string | null => {
  const s = completeCampaignStart(start);
  const e = completeCampaignEnd(end);
  const sd = s === null ? null : parseLabDateTime(s);
  const ed = e === null ? null : parseLabDateTime(e);
  if ((s !== null && !sd) || (e !== null && !ed)) return DATE_OR_DATETIME_MESSAGE;
  if (sd && ed && compareDateTime(sd, ed) >= 0) return CAMPAIGN_START_BEFORE_END;
  return null;
};
