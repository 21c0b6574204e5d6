// Screen and ScreenItem JSON of ARCHITECTURE §4. A screen's `name` is its screen number.
import { z } from 'zod';
import { screenNumberSchema } from '../rules/fields';
import {
  labDateTimeText,
  nullableDateTimeWrite,
  optionalText,
  optionalTextWrite,
  pageCounts,
} from './shared';

export const screenSchema = z.object({
  scrId: z.number().int(),
  name: z.string(),
  comment: optionalText,
  dateCreated: labDateTimeText.nullable(),
});
export type Screen = z.infer<typeof screenSchema>;

export const screenWriteSchema = z.object({
  scrId: z.number().int().optional(),
  name: screenNumberSchema,
  comment: optionalTextWrite,
  dateCreated: nullableDateTimeWrite,
});
export type ScreenWrite = z.input<typeof screenWriteSchema>;

export const screenItemSchema = z.object({
  screenItemId: z.object({ scrId: z.number().int(), sId: z.string() }),
  sStamp: labDateTimeText.nullable(),
  name: optionalText,
});
export type ScreenItem = z.infer<typeof screenItemSchema>;

export const screensViewSchema = z.object({
  screens: z.array(screenSchema),
  ...pageCounts,
  currentPage: z.number().int().nonnegative(),
});
export type ScreensView = z.infer<typeof screensViewSchema>;

export const screenItemsViewSchema = z.object({ screenItems: z.array(screenItemSchema), ...pageCounts });
export type ScreenItemsView = z.infer<typeof screenItemsViewSchema>;
