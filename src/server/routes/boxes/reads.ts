// Reads of boxes (docs/dev/product-rules.md#calls Boxes, docs/dev/architecture.md#api-contract): the view, the list, one box, its positions and
// the positions' CSV/PDF export. Thin handlers over repositories/boxes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '../../../domain/constants';
import { boxesViewSchema, boxSchema } from '../../../domain/entities/box';
import {
  BOX_POSITION_COLUMNS,
  boxPositionCell,
  boxPositionsFileName,
  boxPositionsResponseSchema,
  boxPositionSchema,
  type BoxPositionAttribute,
} from '../../../domain/entities/boxPosition';
import { boxNotFound, boxPositionNotFound } from '../../../domain/messages';
import { commaList, listQuerySchema, repeated } from '../../../domain/query';
import { boxIdSchema } from '../../../domain/rules/fields';
import { CONTENT_TYPES, csvCell, csvLine } from '../../exports/formats';
import { renderPdfTable } from '../../exports/pdf-table';
import { HTTP_MESSAGES, HttpError } from '../../http/errors';
import { BOX_VIEW_RULES, boxesView, boxPositions, findBox, positionsVersion } from '../../repositories/boxes';
import { listViewRoutes } from '../../views/route';

/** The view's query: page, size (default 25, docs/dev/product-rules.md#constants), sort, filter checked by parseViewRequest. */
export const boxesQuerySchema = listQuerySchema(LIST_PAGE_SIZES, DEFAULT_PAGE_SIZE.boxes).extend({
  filter: repeated(z.string()).describe("repeated 'bId,A1', 'name,B', 'type,2' (docs/dev/architecture.md#domain-decisions)"),
});

export const boxParamsSchema = z.object({ id: boxIdSchema });
export const boxPosParamsSchema = boxParamsSchema.extend({ pos: z.coerce.number().int().min(1).max(40) });

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['boxes'];

const attributesOf = (text: string[]): BoxPositionAttribute[] => {
  if (text.length === 0) return BOX_POSITION_COLUMNS.map((c) => c.key);
  const known = new Set<string>(BOX_POSITION_COLUMNS.map((c) => c.key));
  const unknown = text.find((a) => !known.has(a));
  if (unknown !== undefined)
    throw new HttpError(400, HTTP_MESSAGES.validation, [
      `attribute '${unknown}' is not a column of box positions`,
    ]);
  return text as BoxPositionAttribute[];
};

export const boxReadRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  listViewRoutes(app, {
    resource: 'boxes',
    rowsKey: 'boxes',
    rules: BOX_VIEW_RULES,
    viewSchema: boxesViewSchema,
    rowSchema: boxSchema,
    querystring: boxesQuerySchema,
    // Boxes hold samples of any campaign.
    campaign: false,
    summary: 'One page of the Boxes view with totals',
    describe:
      'default size 25; sort repeated field,asc|desc; filter bId, name (starts with) and type (equal).',
    view: (db, request) => boxesView(db, request),
  });

  app.get(
    '/api/boxes/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One box; 404 when there is none',
        params: boxParamsSchema,
        response: { 200: boxSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const box = await findBox(app.db, request.params.id);
      if (!box) throw new HttpError(404, boxNotFound(request.params.id));
      return box;
    },
  );

  const positionsOf = async (bId: string) => {
    if (!(await findBox(app.db, bId))) throw new HttpError(404, boxNotFound(bId));
    return boxPositions(app.db, bId);
  };
  /** The list and its version, read in one transaction (the version is the one of that list). */
  const listOf = (bId: string) =>
    app.db.transaction().execute(async (trx) => {
      const version = await positionsVersion(trx, bId);
      if (version === undefined) throw new HttpError(404, boxNotFound(bId));
      return { boxpos: await boxPositions(trx, bId), version };
    });

  app.get(
    '/api/boxes/:id/boxpos',
    {
      schema: {
        tags,
        security,
        summary: "The box's positions by number and the list's version",
        params: boxParamsSchema,
        response: { 200: boxPositionsResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => listOf(request.params.id),
  );

  app.get(
    '/api/boxes/:id/boxpos/:pos',
    {
      schema: {
        tags,
        security,
        summary: 'One position of the box; 404 when there is none',
        params: boxPosParamsSchema,
        response: { 200: boxPositionSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { id, pos } = request.params;
      const found = (await positionsOf(id)).find((p) => p.boxposId.boxPosId === pos);
      if (!found) throw new HttpError(404, boxPositionNotFound(`${id}/${pos}`));
      return found;
    },
  );

  app.get(
    '/api/boxes/:id/boxpos/export/:type',
    {
      schema: {
        tags,
        security,
        summary: "The box's positions as a CSV or PDF file (file name in content-disposition)",
        params: boxParamsSchema.extend({ type: z.enum(['csv', 'pdf']) }),
        querystring: z.object({
          attributes: commaList.describe(
            'comma list of box, boxPosId, dateExported, sId, sStamp; all when empty',
          ),
        }),
        response: { 200: z.any(), 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, type } = request.params;
      const attributes = attributesOf(request.query.attributes);
      const positions = await positionsOf(id);
      const columns = attributes.map((a) => BOX_POSITION_COLUMNS.find((c) => c.key === a)!);
      const file = boxPositionsFileName(id, type);
      reply.header('content-disposition', `attachment; filename="${file}"`);
      if (type === 'csv') {
        const body =
          csvLine(columns.map((c) => c.header)) +
          positions
            .map((p) =>
              csvLine(
                columns.map((c) => csvCell(c.key === 'boxPosId' ? 'int' : 'text', boxPositionCell(p, c.key))),
              ),
            )
            .join('');
        return reply.type(CONTENT_TYPES.csv).send(`\uFEFF${body}`);
      }
      const pdf = await renderPdfTable({
        title: `Box ${id}`,
        subtitle: [`${positions.length} positions`],
        columns: columns.map((c) => ({ header: c.header, align: c.key === 'boxPosId' ? 'right' : 'left' })),
        rows: positions.map((p) =>
          columns.map((c) => {
            const v = boxPositionCell(p, c.key);
            return v === null ? null : String(v);
          }),
        ),
      });
      return reply.type(CONTENT_TYPES.pdf).send(pdf);
    },
  );
};
