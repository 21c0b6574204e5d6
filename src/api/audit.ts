// The audit trail (docs/dev/architecture.md#audit-trail): GET /audit, admins only.
import { auditResponseSchema, type AuditResponse } from '../domain/entities/audit';
import { send, type CallOptions, type Http } from './http';

export interface AuditFilter {
  entity?: string;
  key?: string;
  actor?: string;
  from?: string;
  to?: string;
}

export const getAuditTrail = async (
  http: Http,
  filter: AuditFilter,
  page: number,
  size: number,
  opts: CallOptions = {},
): Promise<AuditResponse> => {
  const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
  for (const [name, value] of Object.entries(filter)) if (value) searchParams.set(name, value);
  return send(http.get('audit', { searchParams, signal: opts.signal }), auditResponseSchema);
};

/** Where 'Show history' of a record leads: the audit page filtered to that record. */
export const auditTrailPath = (entity: string, key: string): string =>
  `/audit?${new URLSearchParams({ entity, key }).toString()}`;
