// The admin writes of one kind of record (docs/dev/product-rules.md#roles, docs/dev/product-rules.md#calls): POST <collection> creates (201, 409 when the
// key exists), PUT <item> updates (404, 409 when the version is no longer the one sent), DELETE
// <item> deletes (404). Analysis, Samples and Boxes declare theirs; the routes are built here once.
//
// Body validation is attached rather than answered: the services check the body again together with
// the rules that need the database (the limits, the sample, the box) and answer ONE 400 listing
// every failing field. A bad path is still answered at once, before the body is judged.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { apiErrorSchema } from '../../domain/auth';
import { requireAdmin, userOf } from '../auth/plugin';
import type { Database } from '../db/database';
import { SECURITY, WRITE_ERRORS } from './contract';

type Db = Kysely<Database>;

interface Write {
  summary: string;
  /** The 200/201 answer. */
  result: z.ZodType;
}

export interface RecordWrites<Params> {
  /** The OpenAPI tag ('analysis', 'samples', 'boxes'). */
  tag: string;
  /** '/api/analysis' */
  collection: string;
  /** '/api/analysis/:id' */
  item: string;
  /** The item path's parameters, from routes/params.ts. */
  params: z.ZodType<Params>;
  create: Write & { body: z.ZodType; run(db: Db, actor: string, body: unknown): Promise<unknown> };
  update: Write & {
    body: z.ZodType;
    run(db: Db, actor: string, params: Params, body: unknown): Promise<unknown>;
  };
  remove: Write & { run(db: Db, actor: string, params: Params): Promise<unknown> };
}

/** With attachValidation, a failing path is answered as it is (Fastify stops at the first failing part). */
export const paramsFirst = (request: FastifyRequest): void => {
  if (request.validationError?.validationContext === 'params') throw request.validationError;
};

export const recordWriteRoutes = <Params>(app: FastifyInstance, def: RecordWrites<Params>): void => {
  // Generic over the record, which the zod type provider cannot follow: the params are typed by
  // hand (the zod schema below still parses them; the app's validator is zod's).
  const tags = [def.tag];
  const security = SECURITY;
  const errors = WRITE_ERRORS;

  app.post(
    def.collection,
    {
      preHandler: requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: def.create.summary,
        body: def.create.body,
        response: { 201: def.create.result, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await def.create.run(app.db, userOf(request).email, request.body as unknown)),
  );

  app.put(
    def.item,
    {
      preHandler: requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: def.update.summary,
        params: def.params,
        body: def.update.body,
        response: { 200: def.update.result, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      paramsFirst(request);
      return def.update.run(app.db, userOf(request).email, request.params as Params, request.body as unknown);
    },
  );

  app.delete(
    def.item,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        security,
        summary: def.remove.summary,
        params: def.params,
        response: { 200: def.remove.result, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => def.remove.run(app.db, userOf(request).email, request.params as Params),
  );
};
