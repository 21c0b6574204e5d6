// Screens (docs/dev/product-rules.md#calls Screens, docs/dev/architecture.md#api-contract): the view, one screen (update, delete), its items (paged),
// the file import (one file per call, multipart field 'file'), the transfer of the item names to the
// samples and the XLSX/ZFT exports of a screen.
import { z } from 'zod';
import {
  screenItemsViewSchema,
  screenSchema,
  screensViewSchema,
  screenTransferResultSchema,
  screenUploadResultSchema,
  screenWriteResultSchema,
  type Screen,
  type ScreenItemsView,
  type ScreensView,
  type ScreenTransferResult,
  type ScreenUpdate,
  type ScreenUploadResult,
} from '../domain/entities/screen';
import { toSearchParams, type ListQuery } from '../domain/query';
import { fileNameFromDisposition, type DownloadedFile } from './exports';
import { send, toApiError, type CallOptions, type Http } from './http';

const screenPath = (scrId: number | string): string => `screens/${encodeURIComponent(String(scrId))}`;

/** GET /screens/view: one page of screens with the totals; `opts.signal` cancels it. */
export const viewScreens = (
  http: Http,
  query: Partial<ListQuery>,
  opts: CallOptions = {},
): Promise<ScreensView> =>
  send(
    http.get('screens/view', { searchParams: toSearchParams(query), signal: opts.signal }),
    screensViewSchema,
  );

export const getScreen = (http: Http, scrId: number | string, opts: CallOptions = {}): Promise<Screen> =>
  send(http.get(screenPath(scrId), { signal: opts.signal }), screenSchema);

const messageSchema = z.object({ message: z.string() }).passthrough();

/** PUT /screens/{scrId} (admin) with the version the edit started from; 409 when it changed meanwhile. */
export const updateScreen = (http: Http, scrId: number | string, body: ScreenUpdate): Promise<unknown> =>
  send(http.put(screenPath(scrId), { json: body }), screenWriteResultSchema);

/** DELETE /screens/{scrId} (admin): the screen and its items. */
export const deleteScreen = (http: Http, scrId: number | string): Promise<unknown> =>
  send(http.delete(screenPath(scrId)), messageSchema);

/** GET /screens/{scrId}/items: one page of the screen's items. */
export const screenItems = (
  http: Http,
  scrId: number,
  page: { page: number; size: number },
  opts: CallOptions = {},
): Promise<ScreenItemsView> =>
  send(
    http.get(`${screenPath(scrId)}/items`, {
      searchParams: { page: String(page.page), size: String(page.size) },
      signal: opts.signal,
    }),
    screenItemsViewSchema,
  );

/** POST /screens/upload (admin): one file. */
export const uploadScreenFile = (http: Http, file: File): Promise<ScreenUploadResult> => {
  const body = new FormData();
  body.append('file', file, file.name);
  return send(http.post('screens/upload', { body }), screenUploadResultSchema);
};

/** POST /screens/transfer/{scrId} (admin): the items' names to their samples; 'scrId#… was updated successfully!'. */
export const transferScreenNames = (http: Http, scrId: number): Promise<ScreenTransferResult> =>
  send(http.post(`screens/transfer/${encodeURIComponent(String(scrId))}`), screenTransferResultSchema);

/** GET /screens/{scrId}/export/{xlsx|zft}: the file, named by content-disposition. */
export const exportScreen = async (
  http: Http,
  scrId: number,
  type: 'xlsx' | 'zft',
): Promise<DownloadedFile> => {
  try {
    const response = await http.get(`${screenPath(scrId)}/export/${type}`);
    const blob = await response.blob();
    return {
      blob,
      fileName:
        fileNameFromDisposition(response.headers.get('content-disposition')) ?? `screen_${scrId}.${type}`,
    };
  } catch (error) {
    throw await toApiError(error);
  }
};
