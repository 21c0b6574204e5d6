// Reads of samples (spec §7, ARCHITECTURE §4): the view, the list and the lookups. Thin handlers;
// the writes and the file import live in writes.ts and upload.ts (other plugins).
//
// GET /samples/{sId}/{sStamp} answers a single Sample object (spec §7 allows samples[] or one
// sample; the key is unique, so one object), 404 when there is none.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import { LIST_PAGE_SIZES } from '../../../domain/constants';
import {
  sampleSchema,
  samplesListSchema,
  samplesViewSchema,
  timestampsSchema,
} from '../../../domain/entities/sample';
import { formatSampleKey } from '../../../domain/ids';
import { sampleNotFound } from '../../../domain/messages';
import { HttpError } from '../../http/errors';
import {
  SAMPLE_STARTS_WITH_LIMIT,
  SAMPLE_VIEW_RULES,
  findSample,
  sampleTimestamps,
  samplesBySIdPrefix,
  samplesView,
} from '../../repositories/samples';
import { loadCampaign } from '../../views/campaign';
import { sIdParams, sampleKeyParams } from '../params';
import { fastJson } from '../../views/serialize';
import { MIN_LAB_TIME, parseViewRequest, viewQuerySchema, type ViewQuery } from '../../views/request';

/** GET /samples answers at most this many rows (the largest page size); totalItems says how many matched. */
export const SAMPLES_LIST_CAP = Math.max(...LIST_PAGE_SIZES);

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const security = [{ bearerAuth: [] }];

const samplesCappedSchema = samplesListSchema.extend({ totalItems: z.number().int().nonnegative() });

export const sampleReadRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  const view = async (query: ViewQuery) =>
    samplesView(app.db, parseViewRequest(query, SAMPLE_VIEW_RULES), await loadCampaign(app.db));

  app.get(
    '/api/samples/view',
    {
      serializerCompiler: fastJson,
      schema: {
        tags: ['samples'],
        summary: 'One page of the Samples view with totals',
        description:
          'page is 0-based; size one of 25, 50, 100, 1000, 5000, 10000, 15000; sort repeated field,asc|desc ' +
          '(the key sId, sStamp breaks ties; default newest first); filter repeated (ARCHITECTURE §5); ' +
          'selection sample IDs sId|sStamp (≤ 1000); selectionSId; exclusion farmer|screens|test. ' +
          'Restricted to samples stamped within the campaign setting.',
        security,
        querystring: viewQuerySchema,
        response: { 200: samplesViewSchema, ...errors },
      },
    },
    async (request) => view(request.query),
  );

  app.get(
    '/api/samples',
    {
      serializerCompiler: fastJson,
      schema: {
        tags: ['samples'],
        summary: `Every matching sample in view order, at most ${SAMPLES_LIST_CAP}`,
        description:
          `Same filter, sort, selection and exclusion as /samples/view; page and size are ignored. At most ` +
          `${SAMPLES_LIST_CAP} rows; totalItems counts all that matched.`,
        security,
        querystring: viewQuerySchema,
        response: { 200: samplesCappedSchema, ...errors },
      },
    },
    async (request) => {
      const result = await view({ ...request.query, page: 0, size: SAMPLES_LIST_CAP });
      return { samples: result.samples, totalItems: result.totalItems };
    },
  );

  app.get(
    '/api/samples/timestamps/:id',
    {
      schema: {
        tags: ['samples'],
        summary: 'The stamps of every sample with this sId, oldest first; 404 when there is none',
        security,
        params: sIdParams,
        response: { 200: timestampsSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const timestamps = await sampleTimestamps(app.db, request.params.id);
      if (timestamps.length === 0) throw new HttpError(404, sampleNotFound(request.params.id));
      return { timestamps };
    },
  );

  app.get(
    '/api/samples/startsWithId/:id',
    {
      schema: {
        tags: ['samples'],
        summary: `Samples whose sId starts with id (at most ${SAMPLE_STARTS_WITH_LIMIT}, by sId and sStamp)`,
        security,
        params: sIdParams,
        response: { 200: samplesListSchema, ...errors },
      },
    },
    async (request) => ({ samples: await samplesBySIdPrefix(app.db, request.params.id) }),
  );

  app.get(
    '/api/samples/:sId/:sStamp',
    {
      schema: {
        tags: ['samples'],
        summary: 'One sample (a single Sample object); 404 when there is none',
        security,
        params: sampleKeyParams,
        response: { 200: sampleSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { sId, sStamp } = request.params;
      const found = sStamp < MIN_LAB_TIME ? undefined : await findSample(app.db, { sId, sStamp });
      if (!found) throw new HttpError(404, sampleNotFound(formatSampleKey({ sId, sStamp })));
      return found;
    },
  );
};
