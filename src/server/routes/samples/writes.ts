// POST /api/samples, PUT and DELETE /api/samples/{sId}/{sStamp} (docs/dev/product-rules.md#calls, admin only), built by
// routes/recordWrites.ts. As on the analysis writes, the service lists the zod rules' messages
// together with the limit checks in one 400.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  sampleUpdateSchema,
  sampleWriteResultSchema,
  sampleWriteSchema,
} from '../../../domain/entities/sample';
import { sampleKeyParams } from '../params';
import { recordWriteRoutes } from '../recordWrites';
import { createSample, deleteSample, updateSample } from '../../services/samples-writes';

const sampleDeleteResultSchema = sampleWriteResultSchema.extend({
  removed: z.object({ analyses: z.number().int(), boxPositions: z.number().int() }),
});

export const sampleWriteRoutes = async (app: FastifyInstance): Promise<void> => {
  recordWriteRoutes(app, {
    tag: 'samples',
    collection: '/api/samples',
    item: '/api/samples/:sId/:sStamp',
    params: sampleKeyParams,
    create: {
      summary: 'Create a sample (admin); 409 when its sId and sStamp exist',
      body: sampleWriteSchema,
      result: sampleWriteResultSchema,
      run: createSample,
    },
    update: {
      summary:
        'Update a sample (admin); a new sId or sStamp moves its analyses and box position along; 409 when its version is no longer the one sent',
      body: sampleUpdateSchema,
      result: sampleWriteResultSchema,
      run: updateSample,
    },
    remove: {
      summary: 'Delete a sample with its analyses and box position, in one transaction (admin)',
      result: sampleDeleteResultSchema,
      run: deleteSample,
    },
  });
};
