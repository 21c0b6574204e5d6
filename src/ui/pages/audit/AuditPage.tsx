// Audit trail (admins; docs/dev/product-rules.md#screens): who changed what and when, with the
// record's values before and after each change. Filtered by record kind, key, user and time range,
// server-paged; the filter lives in the address, so 'Show history' on a row opens one record's trail.
// Readers never see it: the route sends them home (and the API answers them 403).
import { useState, type FormEvent } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Navigate, useSearchParams } from 'react-router';
import type { AuditFilter } from '../../../api/audit';
import type { AuditEvent } from '../../../domain/entities/audit';
import { AUDIT_PAGE_SIZES } from '../../../domain/entities/audit';
import { NO_DATA } from '../../../domain/messages';
import { Page } from '../../components/Page';
import { Button, Form, TextField } from '../../kit';
import { useAuth } from '../../state/AuthProvider';
import { useAuditTrail } from './useAuditTrail';
import './AuditPage.css';

const FILTER_FIELDS = [
  { name: 'entity', label: 'Record kind', placeholder: 'analysis' },
  { name: 'key', label: 'Record key', placeholder: '4711' },
  { name: 'actor', label: 'User', placeholder: 'anna@lab.example' },
  { name: 'from', label: 'From', placeholder: '2000-01-01 00:00:00' },
  { name: 'to', label: 'To', placeholder: '2000-01-01 23:59:59' },
] as const;

const values = (value: unknown): string => (value === null || value === undefined ? '–' : JSON.stringify(value, null, 1));

export function AuditPage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/" replace />;
  return <AuditTrail />;
}

function AuditTrail() {
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = Object.fromEntries(
    FILTER_FIELDS.map((f) => [f.name, params.get(f.name) ?? undefined]),
  ) as AuditFilter;
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const size = AUDIT_PAGE_SIZES[0];
  const { data, loading, error } = useAuditTrail(filter, page, size);
  const [draft, setDraft] = useState<AuditFilter>(filter);

  const go = (next: AuditFilter, nextPage: number) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value?.trim()) search.set(name, value.trim());
    if (nextPage > 0) search.set('page', String(nextPage));
    setParams(search);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    go(draft, 0);
  };
  const totalPages = data?.totalPages ?? 0;

  return (
    <Page title="Audit trail">
      <Form className="audit-filter" onSubmit={apply} aria-label="Filter the audit trail">
        {FILTER_FIELDS.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            placeholder={f.placeholder}
            value={draft[f.name] ?? ''}
            onChange={(value) => setDraft((d) => ({ ...d, [f.name]: value }))}
          />
        ))}
        <Button type="submit">Apply</Button>
        <Button
          variant="quiet"
          onPress={() => {
            setDraft({});
            go({}, 0);
          }}
        >
          Clear
        </Button>
      </Form>
      <p role="status" className="audit-status">
        {loading
          ? 'Loading …'
          : error
            ? error
            : `${(data?.totalItems ?? 0).toLocaleString('de-AT')} change(s)${totalPages > 1 ? `, page ${page + 1} of ${totalPages}` : ''}`}
      </p>
      <Table aria-label="Audit trail" className="audit-table">
        <TableHeader>
          <Column isRowHeader>When</Column>
          <Column>User</Column>
          <Column>Action</Column>
          <Column>Record</Column>
          <Column>Key</Column>
          <Column>Before</Column>
          <Column>After</Column>
        </TableHeader>
        <TableBody items={data?.events ?? []} renderEmptyState={() => (loading ? null : NO_DATA)}>
          {(event: AuditEvent) => (
            <Row id={event.id}>
              <Cell>{event.at}</Cell>
              <Cell>{event.actor}</Cell>
              <Cell>{event.action}</Cell>
              <Cell>{event.entity}</Cell>
              <Cell>{event.key}</Cell>
              <Cell>
                <pre className="audit-values" aria-label={`Before: ${values(event.before)}`}>{values(event.before)}</pre>
              </Cell>
              <Cell>
                <pre className="audit-values" aria-label={`After: ${values(event.after)}`}>{values(event.after)}</pre>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <nav className="audit-pager" aria-label="Pages of the audit trail">
        <Button variant="quiet" isDisabled={page === 0} onPress={() => go(filter, page - 1)}>
          Previous page
        </Button>
        <Button variant="quiet" isDisabled={page + 1 >= totalPages} onPress={() => go(filter, page + 1)}>
          Next page
        </Button>
      </nav>
    </Page>
  );
}
