// Reads of analyses (docs/dev/product-rules.md#calls, docs/dev/architecture.md#api-contract): the view, the list, the selected samples' analyses
// and the lookups. Thin handlers: parse the request (views/request), read the campaign, call the
// repository. The writes live in writes.ts (another plugin).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../domain/auth';
import { analysisListSchema, analysisSchema, analysisViewSchema } from '../../../domain/entities/analysis';
import { listViewRoutes } from '../../views/route';
import { STARTS_WITH_LIMIT } from '../../views/listSource';
import { notFetched } from '../../../domain/messages';
import { HttpError } from '../../http/errors';
import { READ_ERRORS, SECURITY } from '../contract';
import {
  ANALYSIS_VIEW_RULES,
  ANALYSIS_READS,
  ANALYSIS_SOURCE,
  analysesOfSample,
  analysisView,
  analysisViewJson,
  findAnalysis,
} from '../../repositories/analysis';
import { withCampaign } from '../../views/campaign';
import { aIdParams, sIdParams, sampleKeyParams } from '../params';
import { bigPage } from '../../http/heavyReads';
import { DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import { MIN_LAB_TIME, isBigintId, parseViewRequest, viewQuerySchemaOf } from '../../views/request';

const viewQuerySchema = viewQuerySchemaOf(DEFAULT_PAGE_SIZE.analysis);

const errors = READ_ERRORS;
const security = SECURITY;

export const analysisReadRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  listViewRoutes(app, {
    resource: 'analysis',
    rowsKey: 'analysis',
    querystring: viewQuerySchema,
    rules: ANALYSIS_VIEW_RULES,
    viewSchema: analysisViewSchema,
    rowSchema: analysisSchema,
    campaign: ANALYSIS_SOURCE.campaign !== undefined,
    summary: 'One page of the Analysis view with totals and the averages of the whole matching set',
    describe:
      'sort repeated field,asc|desc (sample.boxPos, sample.name, sample.weightBru, sample.weightNet sort on the ' +
      'sample; aId breaks ties); filter repeated (docs/dev/architecture.md#domain-decisions); selection aIds or sample IDs sId|sStamp ' +
      '(≤ 1000); selectionSId; exclusion farmer|screens|test. Restricted to samples stamped within the campaign ' +
      'setting. Averages are rounded to 2 decimals and null when nothing matches.',
    view: (db, request, campaign) => analysisView(db, request, campaign),
    viewJson: (db, request, campaign) => analysisViewJson(db, request, campaign),
  });

  app.get(
    '/api/analysis/samples',
    {
      config: { heavyRead: bigPage },
      schema: {
        tags: ['analysis'],
        summary: "The analyses of the selected samples ('Fetch from Samples'), as the view",
        description:
          'Same query as /analysis/view; selection holds sample IDs sId|sStamp. No selection → no rows.',
        security,
        querystring: viewQuerySchema,
        response: { 200: analysisViewSchema, ...errors },
      },
    },
    async (request) => {
      const view = parseViewRequest(request.query, ANALYSIS_VIEW_RULES);
      return withCampaign(app.db, (campaign) =>
        analysisView(app.db, view, campaign, { selectionRequired: true }),
      );
    },
  );

  app.get(
    '/api/analysis/sid/startsWith/:id',
    {
      schema: {
        tags: ['analysis'],
        summary: `Analyses whose sId starts with id (at most ${STARTS_WITH_LIMIT}, by sId, sStamp, aId)`,
        security,
        params: sIdParams,
        response: { 200: analysisListSchema, ...errors },
      },
    },
    async (request) => ({ analysis: await ANALYSIS_READS.bySIdPrefix(app.db, request.params.id) }),
  );

  app.get(
    '/api/analysis/sid/:sId/:sStamp',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Every analysis of one sample (empty list when it has none)',
        security,
        params: sampleKeyParams,
        response: { 200: analysisListSchema, ...errors },
      },
    },
    async (request) => {
      const { sId, sStamp } = request.params;
      // Year 0 parses as ISO but is no PostgreSQL timestamp: no sample can have it.
      if (sStamp < MIN_LAB_TIME) return { analysis: [] };
      return { analysis: await analysesOfSample(app.db, { sId, sStamp }) };
    },
  );

  app.get(
    '/api/analysis/:id',
    {
      schema: {
        tags: ['analysis'],
        summary: 'One analysis',
        security,
        params: aIdParams,
        response: { 200: analysisSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const found = isBigintId(id) ? await findAnalysis(app.db, id) : undefined;
      if (!found) throw new HttpError(404, notFetched(id));
      return found;
    },
  );
};
