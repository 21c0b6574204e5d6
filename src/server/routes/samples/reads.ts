// Reads of samples (docs/dev/product-rules.md#calls, docs/dev/architecture.md#api-contract): the view, the list and the lookups. Thin handlers;
// the writes and the file import live in writes.ts and upload.ts (other plugins).
//
// GET /samples/{sId}/{sStamp} answers a single Sample object (docs/dev/product-rules.md#calls allows samples[] or one
// sample; the key is unique, so one object), 404 when there is none.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../domain/auth';
import {
  sampleSchema,
  samplesListSchema,
  samplesViewSchema,
  timestampsSchema,
} from '../../../domain/entities/sample';
import { formatSampleKey } from '../../../domain/ids';
import { sampleNotFound } from '../../../domain/messages';
import { HttpError } from '../../http/errors';
import { READ_ERRORS, SECURITY } from '../contract';
import {
  SAMPLE_VIEW_RULES,
  findSample,
  sampleTimestamps,
  SAMPLE_READS,
  SAMPLE_SOURCE,
  samplesView,
  samplesViewJson,
} from '../../repositories/samples';
import { sIdParams, sampleKeyParams } from '../params';
import { DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import { MIN_LAB_TIME, viewQuerySchemaOf } from '../../views/request';
import { listViewRoutes } from '../../views/route';
import { STARTS_WITH_LIMIT } from '../../views/listSource';

const errors = READ_ERRORS;
const security = SECURITY;

export const sampleReadRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  listViewRoutes(app, {
    resource: 'samples',
    rowsKey: 'samples',
    querystring: viewQuerySchemaOf(DEFAULT_PAGE_SIZE.samples),
    rules: SAMPLE_VIEW_RULES,
    viewSchema: samplesViewSchema,
    rowSchema: sampleSchema,
    campaign: SAMPLE_SOURCE.campaign !== undefined,
    summary: 'One page of the Samples view with totals',
    describe:
      'sort repeated field,asc|desc (the key sId, sStamp breaks ties; default newest first); filter repeated ' +
      '(docs/dev/architecture.md#domain-decisions); selection sample IDs sId|sStamp (≤ 1000); selectionSId; exclusion ' +
      'farmer|screens|test. Restricted to samples stamped within the campaign setting.',
    view: samplesView,
    viewJson: samplesViewJson,
  });

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
        summary: `Samples whose sId starts with id (at most ${STARTS_WITH_LIMIT}, by sId and sStamp)`,
        security,
        params: sIdParams,
        response: { 200: samplesListSchema, ...errors },
      },
    },
    async (request) => ({ samples: await SAMPLE_READS.bySIdPrefix(app.db, request.params.id) }),
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
