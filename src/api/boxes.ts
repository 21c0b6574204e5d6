// Boxes (docs/dev/product-rules.md#calls Boxes, docs/dev/architecture.md#api-contract): the view, one box (create, update, delete), its positions
// (read, the whole list in its order, one position created or deleted) and the positions' CSV/PDF.
import { z } from 'zod';
import {
  boxesViewSchema,
  boxSchema,
  boxWriteResultSchema,
  type Box,
  type BoxesView,
  type BoxUpdate,
  type BoxWrite,
} from '../domain/entities/box';
import {
  boxPositionsResponseSchema,
  boxPositionsResultSchema,
  type BoxPosition,
  type BoxPositionAttribute,
  type BoxPositionList,
} from '../domain/entities/boxPosition';
import { toSearchParams, type ListQuery } from '../domain/query';
import { fileNameFromDisposition, type DownloadedFile } from './exports';
import { send, toApiError, type CallOptions, type Http } from './http';

const boxPath = (bId: string): string => `boxes/${encodeURIComponent(bId)}`;

/** GET /boxes/view: one page of boxes with the totals; `opts.signal` cancels it. */
export const viewBoxes = (
  http: Http,
  query: Partial<ListQuery>,
  opts: CallOptions = {},
): Promise<BoxesView> =>
  send(http.get('boxes/view', { searchParams: toSearchParams(query), signal: opts.signal }), boxesViewSchema);

export const getBox = (http: Http, bId: string, opts: CallOptions = {}): Promise<Box> =>
  send(http.get(boxPath(bId), { signal: opts.signal }), boxSchema);

/** POST /boxes (admin): 201. */
export const createBox = (http: Http, body: BoxWrite): Promise<{ message: string; bId: string }> =>
  send(http.post('boxes', { json: body }), boxWriteResultSchema);

/** PUT /boxes/{id} (admin) with the version the edit started from; 409 when it changed meanwhile. */
export const updateBox = (
  http: Http,
  bId: string,
  body: BoxUpdate,
): Promise<{ message: string; bId: string }> =>
  send(http.put(boxPath(bId), { json: body }), boxWriteResultSchema);

/** DELETE /boxes/{id} (admin): the box and its positions. */
export const deleteBox = (http: Http, bId: string): Promise<unknown> =>
  send(http.delete(boxPath(bId)), z.object({ message: z.string() }).passthrough());

/** GET /boxes/{id}/boxpos: the positions by number and the list's version. */
export const getBoxPositions = (http: Http, bId: string, opts: CallOptions = {}): Promise<BoxPositionList> =>
  send(http.get(`${boxPath(bId)}/boxpos`, { signal: opts.signal }), boxPositionsResponseSchema);

const oneResult = boxPositionsResultSchema.extend({ boxPos: z.string() });

/**
 * PUT /boxes/{id}/boxpos (admin): the whole list in its order, with the list's version it was read
 * at (409 when the list changed since); answers the stored list and its new version.
 */
export const putBoxPositions = (
  http: Http,
  bId: string,
  positions: readonly BoxPosition[],
  version: number,
): Promise<BoxPositionList> =>
  send(
    http.put(`${boxPath(bId)}/boxpos`, { json: { version, boxpos: positions } }),
    boxPositionsResultSchema,
  );

/** POST /boxes/{id}/boxpos/{pos} (admin): places a sample; answers where, the stored list and its version. */
export const createBoxPosition = (
  http: Http,
  bId: string,
  position: BoxPosition,
): Promise<{ boxPos: string } & BoxPositionList> =>
  send(http.post(`${boxPath(bId)}/boxpos/${position.boxposId.boxPosId}`, { json: position }), oneResult);

/**
 * DELETE /boxes/{id}/boxpos/{pos} (admin) of the list read at `version` (409 when it changed since:
 * the number may name another sample by now); answers the stored list and its version.
 */
export const deleteBoxPosition = (
  http: Http,
  bId: string,
  boxPosId: number,
  version: number,
): Promise<BoxPositionList> =>
  send(
    http.delete(`${boxPath(bId)}/boxpos/${boxPosId}`, { searchParams: { version: String(version) } }),
    oneResult,
  );

/** GET /boxes/{id}/boxpos/export/{csv|pdf}?attributes=: the file, named by content-disposition. */
export const exportBoxPositions = async (
  http: Http,
  bId: string,
  type: 'csv' | 'pdf',
  attributes: readonly BoxPositionAttribute[],
): Promise<DownloadedFile> => {
  try {
    const searchParams = new URLSearchParams(
      attributes.length > 0 ? { attributes: attributes.join(',') } : {},
    );
    const response = await http.get(`${boxPath(bId)}/boxpos/export/${type}`, { searchParams });
    const blob = await response.blob();
    return {
      blob,
      fileName:
        fileNameFromDisposition(response.headers.get('content-disposition')) ?? `boxpositions_${bId}.${type}`,
    };
  } catch (error) {
    throw await toApiError(error);
  }
};
