// GET /api/audit (admins): the audit trail, newest first, paged and filtered
// (docs/dev/architecture.md#audit-trail). There is deliberately no route that changes or deletes
// audit events.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/auth';
import { auditQuerySchema, auditResponseSchema, type AuditQuery } from '../../domain/entities/audit';
import { requireAdmin } from '../auth/plugin';
import type { Database } from '../db/database';
import type { Kysely, SelectQueryBuilder } from 'kysely';

const filtered = (db: Kysely<Database>, q: AuditQuery): SelectQueryBuilder<Database, 'auditEvent', object> => {
  let query = db.selectFrom('auditEvent');
  if (q.entity) query = query.where('entity', '=', q.entity);
  if (q.key) query = query.where('entityKey', '=', q.key);
  if (q.actor) query = query.where('actor', '=', q.actor);
  if (q.from) query = query.where('at', '>=', q.from);
  if (q.to) query = query.where('at', '<=', q.to);
  return query;
};

export const auditRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/audit',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, newest first: paged, filtered by entity, key, actor and time range (admin)',
        security: [{ bearerAuth: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const [rows, total] = await Promise.all([
        filtered(app.db, q)
          .select(['id', 'at', 'actor', 'action', 'entity', 'entityKey', 'before', 'after'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.size)
          .offset(q.page * q.size)
          .execute(),
        filtered(app.db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      const totalItems = Number(total?.n ?? 0);
      return {
        events: rows.map(({ entityKey, ...row }) => ({
          ...row,
          id: Number(row.id),
          key: entityKey,
          before: row.before ?? null,
          after: row.after ?? null,
        })),
        totalItems,
        totalPages: Math.ceil(totalItems / q.size),
      };
    },
  );
};
