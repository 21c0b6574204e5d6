// Screen and ScreenItem JSON of docs/dev/architecture.md#api-contract, and the bodies and answers of the Screens calls
// (docs/dev/product-rules.md#calls). A screen's `name` is its screen number.
import { z } from 'zod';
import { screenNumberSchema } from '../rules/fields';
import {
  labDateTimeText,
  nullableDateTimeWrite,
  optionalText,
  optionalTextWrite,
  pageCounts,
  versionRead,
  versionWrite,
} from './shared';

export const screenSchema = z.object({
  scrId: z.number().int(),
  name: z.string(),
  comment: optionalText,
  dateCreated: labDateTimeText.nullable(),
  version: versionRead,
});
export type Screen = z.infer<typeof screenSchema>;

/** Body of POST /screens; a missing dateCreated is the time of the create. */
export const screenWriteSchema = z.object({
  name: screenNumberSchema,
  comment: optionalTextWrite,
  dateCreated: nullableDateTimeWrite,
});
export type ScreenWrite = z.input<typeof screenWriteSchema>;

/** Body of PUT /screens/{scrId}: the create body plus the version the edit started from. */
export const screenUpdateSchema = screenWriteSchema.extend({ version: versionWrite });
export type ScreenUpdate = z.input<typeof screenUpdateSchema>;

/** Answer of the screen writes: the spec's message and the screen's id. */
export const screenWriteResultSchema = z.object({ message: z.string(), scrId: z.number().int() });
export type ScreenWriteResult = z.infer<typeof screenWriteResultSchema>;

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

/** Answer of POST /screens/upload: what the file held and what it changed (a re-import changes nothing). */
export const screenUploadResultSchema = z.object({
  message: z.string(),
  fileName: z.string(),
  /** Screens in the file, by number, with their item counts and how many of them were new or changed. */
  screens: z.array(
    z.object({
      scrId: z.number().int(),
      name: z.string(),
      created: z.boolean(),
      items: z.number().int().nonnegative(),
      changedItems: z.number().int().nonnegative(),
    }),
  ),
  lines: z.number().int().nonnegative(),
});
export type ScreenUploadResult = z.infer<typeof screenUploadResultSchema>;

/** Answer of POST /screens/transfer/{scrId}: 'scrId#{id} was updated successfully!' and how many samples changed. */
export const screenTransferResultSchema = z.object({
  message: z.string(),
  scrId: z.number().int(),
  changed: z.number().int().nonnegative(),
});
export type ScreenTransferResult = z.infer<typeof screenTransferResultSchema>;
