// Admin writes of boxes and box positions (docs/dev/product-rules.md#roles, docs/dev/product-rules.md#calls): POST /boxes, PUT and DELETE /boxes/{id}
// (routes/recordWrites.ts), PUT /boxes/{id}/boxpos (the whole list), POST, PUT and DELETE
// /boxes/{id}/boxpos/{pos}. Bodies are validated by the services, which answer the spec's messages
// (docs/dev/product-rules.md#field-rules Boxes) in one 400.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import {
  boxPositionsResultSchema,
  boxPositionsWriteSchema,
  boxPositionWriteSchema,
} from '../../../domain/entities/boxPosition';
import { boxUpdateSchema, boxWriteResultSchema, boxWriteSchema } from '../../../domain/entities/box';
import { requireAdmin, userOf } from '../../auth/plugin';
import { createBox, deleteBox, updateBox } from '../../services/boxes';
import {
  createBoxPosition,
  deleteBoxPosition,
  putBoxPositions,
  updateBoxPosition,
} from '../../services/boxes-positions';
import { SECURITY, WRITE_ERRORS } from '../contract';
import { paramsFirst, recordWriteRoutes } from '../recordWrites';
import { boxParamsSchema, boxPosParamsSchema } from './reads';

const errors = WRITE_ERRORS;
const security = SECURITY;
const tags = ['boxes'];

const positionsResultSchema = boxPositionsResultSchema;
const positionResultSchema = positionsResultSchema.extend({ boxPos: z.string() });
/** One position's writes may name the list's version they were based on (409 when it changed). */
const listVersionQuery = z.object({
  version: z.coerce.number().int().positive().optional().describe("the list's version the client read"),
});
const boxDeleteResultSchema = boxWriteResultSchema.extend({
  removed: z.object({ boxPositions: z.number().int() }),
});

export const boxWriteRoutes = async (parent: FastifyInstance): Promise<void> => {
  recordWriteRoutes(parent, {
    tag: 'boxes',
    collection: '/api/boxes',
    item: '/api/boxes/:id',
    params: boxParamsSchema,
    create: {
      summary: 'Create a box (admin); 409 when its bId exists',
      body: boxWriteSchema,
      result: boxWriteResultSchema,
      run: createBox,
    },
    update: {
      summary:
        'Update a box (admin); a new bId renames it with its positions; 409 when its version is no longer the one sent',
      body: boxUpdateSchema,
      result: boxWriteResultSchema,
      run: (db, actor, params, body) => updateBox(db, actor, params.id, body),
    },
    remove: {
      summary: 'Delete a box with its positions (admin)',
      result: boxDeleteResultSchema,
      run: (db, actor, params) => deleteBox(db, actor, params.id),
    },
  });

  // The positions of a box: the whole list, and one position (a path of its own, not a record key).
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const admin = { preHandler: requireAdmin, attachValidation: true } as const;

  app.put(
    '/api/boxes/:id/boxpos',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          "Replace the box's positions with this list, numbered 1..n in its order, atomically (admin); 409 when the list's version is no longer the one sent",
        params: boxParamsSchema,
        body: boxPositionsWriteSchema,
        response: { 200: positionsResultSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      paramsFirst(request);
      return putBoxPositions(app.db, userOf(request).email, request.params.id, request.body as unknown);
    },
  );

  app.post(
    '/api/boxes/:id/boxpos/:pos',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          'Place a sample at position pos (admin); later positions move down, a pos past the end appends; 409 when the box is full or the sample is boxed',
        params: boxPosParamsSchema,
        querystring: listVersionQuery,
        body: boxPositionWriteSchema,
        response: { 201: positionResultSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      paramsFirst(request);
      const { id, pos } = request.params;
      const { version } = request.query;
      return reply
        .code(201)
        .send(
          await createBoxPosition(app.db, userOf(request).email, id, pos, request.body as unknown, version),
        );
    },
  );

  app.put(
    '/api/boxes/:id/boxpos/:pos',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: "Change a position's sample or dateExported, or move it to the body's boxPosId (admin)",
        params: boxPosParamsSchema,
        querystring: listVersionQuery,
        body: boxPositionWriteSchema,
        response: { 200: positionResultSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      paramsFirst(request);
      const { id, pos } = request.params;
      return updateBoxPosition(
        app.db,
        userOf(request).email,
        id,
        pos,
        request.body as unknown,
        request.query.version,
      );
    },
  );

  app.delete(
    '/api/boxes/:id/boxpos/:pos',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        security,
        summary:
          "Remove a position (admin); the later ones move up; 409 when the list's version is no longer the one sent",
        params: boxPosParamsSchema,
        querystring: listVersionQuery,
        response: { 200: positionResultSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      deleteBoxPosition(
        app.db,
        userOf(request).email,
        request.params.id,
        request.params.pos,
        request.query.version,
      ),
  );
};
