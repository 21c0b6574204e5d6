// GET /api/audit: admins read the trail (newest first, paged, filtered); readers get 403; no route
// changes or deletes an audit event.
import { describe, expect, it } from 'vitest';
import type { AuditResponse } from '../../src/domain/entities/audit';
import { RESOURCES } from '../../src/domain/resources';
import { recordAudit } from '../../src/server/services/audit';
import { useHarness } from './harness';

const h = useHarness();

describe('GET /api/audit', () => {
  it('answers 403 to readers and 401 without a token', async () => {
    const reader = await h.tokenFor('ROLE_READER');
    expect((await h.request({ method: 'GET', url: '/api/audit', token: reader })).statusCode).toBe(403);
    expect((await h.request({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('lists events newest first with before and after, filtered by entity, key, actor and time, paged', async () => {
    const admin = await h.tokenFor('ROLE_ADMIN');
    await recordAudit(h.db, { actor: 'anna@lab.example', action: 'update', entity: 'analysis', key: '4711', before: { pol: 17.1 }, after: { pol: 17.4 } });
    await recordAudit(h.db, { actor: 'ben@lab.example', action: 'update', entity: 'analysis', key: '4711', before: { pol: 17.4 }, after: { pol: 17.5 } });
    await recordAudit(h.db, { actor: 'anna@lab.example', action: 'delete', entity: 'box', key: 'A1', before: { bId: 'A1' } });
    const get = async (query: string) => {
      const res = await h.request({ method: 'GET', url: `/api/audit?${query}`, token: admin });
      expect(res.statusCode).toBe(200);
      return res.json<AuditResponse>();
    };
    const trail = await get('entity=analysis&key=4711');
    expect(trail.totalItems).toBe(2);
    expect(trail.events.map((e) => [e.actor, e.before, e.after])).toEqual([
      ['ben@lab.example', { pol: 17.4 }, { pol: 17.5 }],
      ['anna@lab.example', { pol: 17.1 }, { pol: 17.4 }],
    ]);
    expect((await get('actor=anna@lab.example')).events.map((e) => e.key)).toEqual(['A1', '4711']);
    const paged = await get('entity=analysis&key=4711&size=1&page=1');
    expect(paged).toMatchObject({ totalItems: 2, totalPages: 2 });
    expect(paged.events[0]?.actor).toBe('anna@lab.example');
    expect((await get('from=2999-01-01 00:00:00')).totalItems).toBe(0);
    expect((await get('to=2000-01-01 00:00:00')).totalItems).toBe(0);
    const bad = await h.request({ method: 'GET', url: '/api/audit?from=yesterday', token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('has no route that changes or deletes audit events', async () => {
    const admin = await h.tokenFor('ROLE_ADMIN');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const)
      expect((await h.request({ method, url: '/api/audit', token: admin })).statusCode).toBe(404);
  });

  it("finds a record's trail under its resource's auditEntity ('Show history' of a row)", async () => {
    const admin = await h.tokenFor('ROLE_ADMIN');
    const trailOf = async (entity: string, key: string) => {
      const res = await h.request({ method: 'GET', url: `/api/audit?${new URLSearchParams({ entity, key })}`, token: admin });
      return res.json<AuditResponse>().events.map((e) => e.action);
    };
    const screen = await h.request({ method: 'POST', url: '/api/screens', token: admin, payload: { name: '4242' } });
    expect(screen.statusCode, screen.body).toBe(201);
    expect(await trailOf(RESOURCES.screens.auditEntity, String(screen.json<{ scrId: number }>().scrId))).toEqual(['create']);
    const box = await h.request({
      method: 'POST',
      url: '/api/boxes',
      token: admin,
      payload: { bId: 'V77', name: 'V77', numMax: 10, type: 1, comment: null, dateExported: null },
    });
    expect(box.statusCode, box.body).toBe(201);
    expect(await trailOf(RESOURCES.boxes.auditEntity, 'V77')).toEqual(['create']);
  });
});
