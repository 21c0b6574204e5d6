// POST /api/analysis, PUT and DELETE /api/analysis/{id} (docs/dev/product-rules.md#calls, admin only), built by
// routes/recordWrites.ts. The service checks the body together with the rules that need the
// database — the limits and the sample — and answers one 400 listing every failing field.
import type { FastifyInstance } from 'fastify';
import {
  analysisUpdateSchema,
  analysisWriteResultSchema,
  analysisWriteSchema,
} from '../../../domain/entities/analysis';
import { aIdNumber, aIdParams } from '../params';
import { recordWriteRoutes } from '../recordWrites';
import { createAnalysis, deleteAnalysis, updateAnalysis } from '../../services/analysis-writes';

export const analysisWriteRoutes = async (app: FastifyInstance): Promise<void> => {
  recordWriteRoutes(app, {
    tag: 'analysis',
    collection: '/api/analysis',
    item: '/api/analysis/:id',
    params: aIdParams,
    create: {
      summary: 'Create an analysis of an existing sample (admin); 201 with the new aId',
      body: analysisWriteSchema,
      result: analysisWriteResultSchema,
      run: createAnalysis,
    },
    update: {
      summary:
        'Update the editable columns of an analysis (admin); 409 when its version is no longer the one sent',
      body: analysisUpdateSchema,
      result: analysisWriteResultSchema,
      run: (db, actor, params, body) => updateAnalysis(db, actor, aIdNumber(params.id), body),
    },
    remove: {
      summary: 'Delete an analysis (admin)',
      result: analysisWriteResultSchema,
      run: (db, actor, params) => deleteAnalysis(db, actor, aIdNumber(params.id)),
    },
  });
};
