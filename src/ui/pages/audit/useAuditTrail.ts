// Loads one page of the audit trail for the filter in the address (so 'Show history' links and the
// back button work); a newer request cancels the one in flight.
import { useEffect, useState } from 'react';
import { getAuditTrail, type AuditFilter } from '../../../api/audit';
import type { AuditResponse } from '../../../domain/entities/audit';
import { useAuth } from '../../state/AuthProvider';

export interface AuditTrailState {
  data: AuditResponse | null;
  loading: boolean;
  error: string | null;
}

export function useAuditTrail(filter: AuditFilter, page: number, size: number): AuditTrailState {
  const { http } = useAuth();
  const [state, setState] = useState<AuditTrailState>({ data: null, loading: true, error: null });
  const { entity, key, actor, from, to } = filter;
  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    getAuditTrail(http, { entity, key, actor, from, to }, page, size, { signal: abort.signal }).then(
      (data) => setState({ data, loading: false, error: null }),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        setState({ data: null, loading: false, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => abort.abort();
  }, [http, entity, key, actor, from, to, page, size]);
  return state;
}
