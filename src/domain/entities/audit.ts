// The audit trail as the API sends it (docs/dev/architecture.md#audit-trail): who changed what and
// when, with the record's state before and after. Read-only: nothing in the API changes an event.
import { z } from 'zod';
import { dateTimeSchema } from '../rules/fields';

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The kind of record: 'analysis', 'sample', 'box', 'boxPosition', 'user', … */
  entity: z.string(),
  /** The record's key as text: an aId, 'sId|sStamp', a bId, an email. */
  key: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

/** Query of GET /api/audit: paged like the views, filtered by entity, key, actor and a time range. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(AUDIT_PAGE_SIZES[0]),
  entity: z.string().max(32).optional(),
  key: z.string().max(200).optional(),
  actor: z.string().max(200).optional(),
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditResponseSchema = z.object({
  events: z.array(auditEventSchema),
  totalItems: z.number(),
  totalPages: z.number(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
