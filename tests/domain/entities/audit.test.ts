// GET /api/audit (src/domain/entities/audit.ts, docs/dev/architecture.md#audit-trail): the query a
// request may send, refused on its field with the spec's message where there is one, and the answer
// as the Audit page reads it (zod drops the fields a schema does not name).
import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZES, auditQuerySchema, auditResponseSchema } from '../../../src/domain/entities/audit';
import { DATETIME_MESSAGE } from '../../../src/domain/messages';

/** The query a request's text parses to, or the fields it is refused on. */
const query = (q: Record<string, string>) => {
  const r = auditQuerySchema.safeParse(q);
  return r.success ? r.data : { refusedOn: [...new Set(r.error.issues.map((i) => i.path.join('.')))] };
};

describe('GET /api/audit query', () => {
  it("the first page at the page's size unless asked otherwise", () => {
    expect(AUDIT_PAGE_SIZES[0]).toBe(25);
    expect(query({})).toEqual({ page: 0, size: 25 });
    expect(query({ page: '3', size: '1000' })).toEqual({ page: 3, size: 1000 });
    expect(query({ size: '1' })).toEqual({ page: 0, size: 1 });
    expect(query({ page: '0' })).toEqual({ page: 0, size: 25 });
  });

  it('filters by entity, key, actor and a time range', () => {
    const filter = {
      entity: 'e'.repeat(32),
      key: '4006381333931|2025-10-01 06:00:00',
      actor: 'a'.repeat(200),
      from: '2025-10-01 00:00:00',
      to: '2025-10-31 23:59:59',
    };
    expect(query(filter)).toEqual({ page: 0, size: 25, ...filter });
  });

  it('refuses a page, a size or a filter out of bounds, on that field', () => {
    expect(query({ page: '-1' })).toEqual({ refusedOn: ['page'] });
    expect(query({ page: '1.5' })).toEqual({ refusedOn: ['page'] });
    expect(query({ size: '0' })).toEqual({ refusedOn: ['size'] });
    expect(query({ size: '1001' })).toEqual({ refusedOn: ['size'] });
    expect(query({ entity: 'e'.repeat(33) })).toEqual({ refusedOn: ['entity'] });
    expect(query({ key: 'k'.repeat(201) })).toEqual({ refusedOn: ['key'] });
    expect(query({ actor: 'a'.repeat(201) })).toEqual({ refusedOn: ['actor'] });
  });

  it('a time bound that is no lab date-time: the spec message, on its field', () => {
    const r = auditQuerySchema.safeParse({ from: '2025-10-01', to: '2025-10-32 00:00:00' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['from', DATETIME_MESSAGE],
      ['to', DATETIME_MESSAGE],
    ]);
  });
});

describe('GET /api/audit answer', () => {
  it('keeps each event whole: who changed what, when, and the states before and after', () => {
    const event = {
      id: 7,
      at: '2025-10-01 06:00:00',
      actor: 'lab@example.org',
      action: 'update',
      entity: 'box',
      key: 'A1',
      before: { numMax: 40 },
      after: { numMax: 30 },
    };
    const answer = { events: [event], totalItems: 26, totalPages: 2 };
    expect(auditResponseSchema.parse(answer)).toEqual(answer);
    expect(
      auditResponseSchema.safeParse({ ...answer, events: [{ ...event, action: 'erase' }] }).success,
    ).toBe(false);
    expect(auditResponseSchema.safeParse({ events: [], totalItems: 0 }).success).toBe(false);
  });
});
