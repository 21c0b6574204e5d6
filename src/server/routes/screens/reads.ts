// Reads of screens (docs/dev/product-rules.md#calls Screens, docs/dev/architecture.md#api-contract): the screens view and list (listViewRoutes),
// one screen, and one screen's items page by page. Thin handlers over repositories/screens.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '../../../domain/constants';
import { screenItemsViewSchema, screenSchema, screensViewSchema } from '../../../domain/entities/screen';
import { notFetched } from '../../../domain/messages';
import { listQuerySchema, repeated, screensQuerySchema } from '../../../domain/query';
import { HttpError } from '../../http/errors';
import {
  SCREEN_ITEM_VIEW_RULES,
  SCREEN_READS,
  SCREEN_SOURCE,
  SCREEN_VIEW_RULES,
  findScreen,
  screenItemsView,
} from '../../repositories/screens';
import { OPEN_CAMPAIGN } from '../../views/campaign';
import { parseViewRequest } from '../../views/request';
import { listViewRoutes } from '../../views/route';
import { READ_ERRORS, SECURITY } from '../contract';
import { scrIdParams } from './params';

const NO_SELECTION = { selection: [], selectionSId: [], exclusion: [] };

/** The screens view's query: sizes 5, 10, 15 (default 10, docs/dev/product-rules.md#constants); filter screenNumber starts with. */
const screensViewQuery = screensQuerySchema().extend({
  filter: repeated(z.string()).describe("repeated 'screenNumber,2026' (starts with, docs/dev/architecture.md#domain-decisions)"),
});

/** A screen's items: sizes as the Boxes list, default 25 (docs/dev/product-rules.md#constants); sorted by SampleID unless asked. */
const itemsQuery = listQuerySchema(LIST_PAGE_SIZES, DEFAULT_PAGE_SIZE.screenItems);

export const screenReadRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['screens'];

  listViewRoutes(app, {
    resource: 'screens',
    rowsKey: 'screens',
    rules: SCREEN_VIEW_RULES,
    viewSchema: screensViewSchema,
    rowSchema: screenSchema,
    querystring: screensViewQuery,
    campaign: SCREEN_SOURCE.campaign !== undefined,
    summary: 'One page of the screens with totals and the current page',
    describe: 'default size 10 (5, 10, 15 on the page); sort repeated field,asc|desc (newest first); filter screenNumber (starts with).',
    view: async (db, request) => {
      const page = await SCREEN_READS.view(db, request, OPEN_CAMPAIGN);
      return { screens: page.rows, totalItems: page.totalItems, totalPages: page.totalPages, currentPage: request.page };
    },
  });

  app.get(
    '/api/screens/:scrId',
    {
      schema: {
        tags,
        security: SECURITY,
        summary: 'One screen; 404 when there is none',
        params: scrIdParams,
        response: { 200: screenSchema, 404: apiErrorSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const screen = await findScreen(app.db, request.params.scrId);
      if (!screen) throw new HttpError(404, notFetched(request.params.scrId));
      return screen;
    },
  );

  app.get(
    '/api/screens/:scrId/items',
    {
      schema: {
        tags,
        security: SECURITY,
        summary: "One page of a screen's items with totals; 404 when the screen does not exist",
        description: `page is 0-based; size one of ${LIST_PAGE_SIZES.join(', ')} (default 25); sort screenItemId.sId, sStamp, name.`,
        params: scrIdParams,
        querystring: itemsQuery,
        response: { 200: screenItemsViewSchema, 404: apiErrorSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { scrId } = request.params;
      const view = parseViewRequest({ ...NO_SELECTION, ...request.query }, SCREEN_ITEM_VIEW_RULES);
      const [screen, page] = await Promise.all([findScreen(app.db, scrId), screenItemsView(app.db, scrId, view)]);
      if (!screen) throw new HttpError(404, notFetched(scrId));
      return { screenItems: page.rows, totalPages: page.totalPages, totalItems: page.totalItems };
    },
  );
};
