// A list view's routes from its definition (docs/dev/architecture.md#api-contract list views): GET /api/<resource>/view,
// one page with its totals, and GET /api/<resource>, every matching row in view order up to the
// largest page. Both parse the same query string (views/request.ts) with the resource's rules, read
// the campaign and call the resource's repository; the definition says what differs. Both answer
// through their zod response schema (the app's serializer): a row carries exactly the schema's keys,
// whatever the statement selected. A new list
// screen's server is one definition (docs/dev/adding-a-resource.md), and the view bench reads the
// same definitions for its cases.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { LIST_PAGE_SIZES } from '../../domain/constants';
import type { Database } from '../db/database';
import { READ_ERRORS, SECURITY } from '../routes/contract';
import { bigPage } from '../http/heavyReads';
import { OPEN_CAMPAIGN, withCampaign, type Campaign } from './campaign';
import { viewJsonText, type ViewJson } from './listSource';
import { parseViewRequest, type ViewQuery, type ViewRequest, type ViewRules } from './request';

/** GET /api/<resource> answers at most this many rows (the largest page size). */
export const LIST_CAP = Math.max(...LIST_PAGE_SIZES);

export interface ListViewDefinition<
  Key extends string,
  Result extends { totalItems: number } & Record<Key, unknown[]>,
> {
  /** The path segment and OpenAPI tag ('analysis', 'samples', 'boxes'). */
  resource: string;
  /** The response's field that holds the rows ('analysis', 'samples', 'boxes'). */
  rowsKey: Key;
  rules: ViewRules;
  /** The view's answer: the rows, the totals and whatever else the view carries (averages). */
  viewSchema: z.ZodType<Result>;
  /** One row, as both routes answer it. */
  rowSchema: z.ZodType;
  /** What the sort, filter and selection mean, for the OpenAPI description. */
  describe: string;
  summary: string;
  /**
   * The query string: viewQuerySchemaOf(its default page size) for a view with a selection and
   * exclusions, listQuerySchema for one without (docs/dev/product-rules.md#constants sizes).
   */
  querystring: z.ZodType<ListQueryPart>;
  /**
   * Whether the view is restricted to the campaign (docs/dev/architecture.md#domain-decisions: Analysis, Samples): its list
   * source's `campaign` (views/listSource.ts). Such a view's statement checks the campaign it was
   * built with, so it runs through withCampaign (views/campaign.ts); any other runs as it is.
   */
  campaign: boolean;
  view(db: Kysely<Database>, request: ViewRequest, campaign: Campaign): Promise<Result>;
  /**
   * The same answer with its rows as JSON text built by the database (views/listSource.ts
   * viewJson), sent as it is: both routes use it when the resource has it.
   */
  viewJson?(db: Kysely<Database>, request: ViewRequest, campaign: Campaign): Promise<ViewJson<Omit<Result, Key> & { totalItems: number }>>;
}

/** What every list view's query has; the selection and exclusion parts are the Analysis/Samples ones. */
type ListQueryPart = Pick<ViewQuery, 'page' | 'size' | 'sort' | 'filter'> & Partial<ViewQuery>;
const NO_SELECTION = { selection: [], selectionSId: [], exclusion: [] };

const errors = READ_ERRORS;
const security = SECURITY;

export const listViewRoutes = <
  Key extends string,
  Result extends { totalItems: number } & Record<Key, unknown[]>,
>(
  parent: FastifyInstance,
  def: ListViewDefinition<Key, Result>,
): { view(query: ViewQuery): Promise<Result> } => {
  // Generic over the resource, which the zod type provider cannot follow: the query is typed by
  // hand (the zod schema below still parses and checks it, the app's validator is zod's).
  const app = parent;
  const { querystring } = def;
  const view = async (query: ListQueryPart): Promise<Result> => {
    const request = parseViewRequest({ ...NO_SELECTION, ...query }, def.rules);
    if (!def.campaign) return def.view(app.db, request, OPEN_CAMPAIGN);
    return withCampaign(app.db, (campaign) => def.view(app.db, request, campaign));
  };
  const viewJson = def.viewJson;
  /** The answer as JSON text, when the resource builds its rows as JSON; undefined otherwise. */
  const jsonAnswer = async (query: ListQueryPart): Promise<ViewJson<Omit<Result, Key> & { totalItems: number }> | undefined> => {
    if (!viewJson) return undefined;
    const request = parseViewRequest({ ...NO_SELECTION, ...query }, def.rules);
    if (!def.campaign) return viewJson(app.db, request, OPEN_CAMPAIGN);
    return withCampaign(app.db, (campaign) => viewJson(app.db, request, campaign));
  };
  // As bytes: Fastify then neither serializes nor measures the text again (a 15,000-row page is 7 MB).
  const sendJson = (reply: FastifyReply, text: string) =>
    reply.type('application/json; charset=utf-8').send(Buffer.from(text, 'utf8'));

  app.get<{ Querystring: ListQueryPart }>(
    `/api/${def.resource}/view`,
    {
      config: { heavyRead: bigPage },
      schema: {
        tags: [def.resource],
        summary: def.summary,
        description: `page is 0-based; size one of ${LIST_PAGE_SIZES.join(', ')}; ${def.describe}`,
        security,
        querystring,
        response: { 200: def.viewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const json = await jsonAnswer(request.query);
      return json ? sendJson(reply, viewJsonText(def.viewSchema, def.rowsKey, json)) : view(request.query);
    },
  );

  const listSchema = z.object({
    [def.rowsKey]: z.array(def.rowSchema),
    totalItems: z.number().int().nonnegative(),
  });
  app.get<{ Querystring: ListQueryPart }>(
    `/api/${def.resource}`,
    {
      // Up to the largest page, always.
      config: { heavyRead: true },
      schema: {
        tags: [def.resource],
        summary: `Every matching row in view order, at most ${LIST_CAP}`,
        description:
          `Same filter, sort, selection and exclusion as /${def.resource}/view; page and size are ignored. ` +
          `At most ${LIST_CAP} rows (the largest page); totalItems counts all that matched.`,
        security,
        querystring,
        response: { 200: listSchema, ...errors },
      },
    },
    async (request, reply) => {
      const query = { ...request.query, page: 0, size: LIST_CAP };
      const json = await jsonAnswer(query);
      if (json) return sendJson(reply, viewJsonText(listSchema, def.rowsKey, { rowsJson: json.rowsJson, rest: { totalItems: json.rest.totalItems } }));
      const result = await view(query);
      return { [def.rowsKey]: result[def.rowsKey], totalItems: result.totalItems };
    },
  );
  return { view };
};
