// Setting JSON of docs/dev/architecture.md#api-contract; only the setting named 'campaign' carries start and end.
import { z } from 'zod';
import {
  completeCampaignEnd,
  completeCampaignStart,
  validateCampaign,
  validateSettingValue,
  CAMPAIGN_SETTING,
} from '../rules/settings';
import { configNameSchema, plainTextSchema } from '../rules/fields';
import { labDateTimeText, optionalText, versionRead, versionWrite } from './shared';

export const settingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  info: optionalText,
  lastModified: labDateTimeText.nullable(),
  value: optionalText,
  start: labDateTimeText.nullable().optional(),
  end: labDateTimeText.nullable().optional(),
  version: versionRead,
});
export type Setting = z.infer<typeof settingSchema>;

/** PUT /config/settings/{name}: the per-name value rule, for the campaign its date rule, and the version read. */
export const settingWriteSchema = settingSchema
  .extend({
    id: z.number().int().optional(),
    name: configNameSchema,
    info: plainTextSchema.nullable(),
    value: plainTextSchema.nullable(),
    start: plainTextSchema.nullable().optional(),
    end: plainTextSchema.nullable().optional(),
    lastModified: labDateTimeText.nullable().optional(),
    version: versionWrite,
  })
  .superRefine((s, ctx) => {
    const valueMessage = validateSettingValue(s.name, s.value);
    if (valueMessage) ctx.addIssue({ code: 'custom', path: ['value'], message: valueMessage });
    if (s.name === CAMPAIGN_SETTING) {
      const campaignMessage = validateCampaign(s.start, s.end);
      if (campaignMessage) ctx.addIssue({ code: 'custom', path: ['start'], message: campaignMessage });
    }
  });
export type SettingWrite = z.input<typeof settingWriteSchema>;

/** What the Settings page sends on update: campaign dates widened to full date-times. */
export const completeCampaign = <S extends Pick<Setting, 'name' | 'start' | 'end'>>(s: S): S =>
  s.name === CAMPAIGN_SETTING
    ? { ...s, start: completeCampaignStart(s.start), end: completeCampaignEnd(s.end) }
    : s;

export const settingsResponseSchema = z.object({ settings: z.array(settingSchema) });
