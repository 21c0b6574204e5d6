// GET /api/logs's query (src/domain/entities/log.ts, issue 29): the page size and the next page's
// start a request may ask for, and what the API documentation (OpenAPI, built from the schema) says
// of them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOG_PAGE_SIZE, logsQuerySchema } from '../../../src/domain/entities/log';

/** The query a request's text parses to, or the query fields it is refused on. */
const query = (q: Record<string, string>) => {
  const r = logsQuerySchema.safeParse(q);
  return r.success ? r.data : { refusedOn: [...new Set(r.error.issues.map((i) => i.path.join('.')))] };
};

describe('GET /api/logs query', () => {
  it('answers a full page unless fewer lines are asked for', () => {
    expect(query({})).toEqual({ limit: LOG_PAGE_SIZE });
    expect(query({ limit: '100', before: '5000' })).toEqual({ limit: 100, before: 5000 });
    expect(query({ limit: '1', before: '1' })).toEqual({ limit: 1, before: 1 });
    expect(query({ limit: String(LOG_PAGE_SIZE) })).toEqual({ limit: LOG_PAGE_SIZE });
    expect(query({ before: String(Number.MAX_SAFE_INTEGER) })).toEqual({
      limit: LOG_PAGE_SIZE,
      before: Number.MAX_SAFE_INTEGER,
    });
  });

  it('refuses a page size or a start out of bounds, on that field', () => {
    expect(query({ limit: '0' })).toEqual({ refusedOn: ['limit'] });
    expect(query({ limit: String(LOG_PAGE_SIZE + 1) })).toEqual({ refusedOn: ['limit'] });
    expect(query({ limit: '2.5' })).toEqual({ refusedOn: ['limit'] });
    expect(query({ before: '0' })).toEqual({ refusedOn: ['before'] });
    // An ID beyond what a JavaScript number holds exactly could not name the next page's start.
    expect(query({ before: '9007199254740992' })).toEqual({ refusedOn: ['before'] });
    expect(query({ limit: '-1', before: '1.5' })).toEqual({ refusedOn: ['limit', 'before'] });
  });

  it('the API documentation says what each parameter is', () => {
    const doc = z.toJSONSchema(logsQuerySchema, { io: 'input' }) as {
      properties: Record<string, { description?: string }>;
    };
    expect(doc.properties.limit?.description).toBe(`lines per answer, 1 to ${LOG_PAGE_SIZE}`);
    expect(doc.properties.before?.description).toMatch(/smaller ID.*nextBefore/);
  });
});
