// POST /api/analysis, PUT and DELETE /api/analysis/{id}: admin only, every rule of docs/dev/product-rules.md#field-rules with its
// message, limits read from the database at the time of the write, an audit event per write.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisWrite } from '../../src/domain/entities/analysis';
import {
  AFLAGS_MESSAGE,
  AID_MESSAGE,
  DATETIME_MESSAGE,
  LANE_MESSAGE,
  SID_MESSAGE,
} from '../../src/domain/messages';
import { AID_NOT_EDITABLE, SAMPLE_KEY_NOT_EDITABLE } from '../../src/server/services/analysis-writes';
import { useHarness } from './harness';
import { ANALYSIS_SAMPLE, analysisBody } from './support/write-bodies';

const h = useHarness();
let admin = '';
let reader = '';
/** The request helpers default to the admin's token; an empty one sends no Authorization header. */
const NO_TOKEN = '';

const SAMPLE = ANALYSIS_SAMPLE;

const analysis = analysisBody;

const post = (body: unknown, token: string = admin) =>
  h.request({ method: 'POST', url: '/api/analysis', token, payload: body as object });
/**
 * PUT as a client that read the analysis just before sends it: with the stored version, unless the
 * body names one (the version checks are in versions.test.ts).
 */
const put = async (id: number | string, body: unknown, token: string = admin) => {
  const current = typeof id === 'number' ? await row(id) : undefined;
  const payload =
    current && typeof body === 'object' && body !== null && !('version' in body)
      ? { ...body, version: current.version }
      : body;
  return h.request({ method: 'PUT', url: `/api/analysis/${id}`, token, payload: payload as object });
};
const del = (id: number | string, token: string = admin) =>
  h.request({ method: 'DELETE', url: `/api/analysis/${id}`, token });

const created = async (body: unknown = analysis()): Promise<number> => {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ aId: number }>().aId;
};

const row = (aId: number) =>
  h.db.selectFrom('analysis').selectAll().where('aId', '=', aId).executeTakeFirst();
const audits = (aId: number) =>
  h.db
    .selectFrom('auditEvent')
    .selectAll()
    .where('entity', '=', 'analysis')
    .where('entityKey', '=', String(aId))
    .orderBy('id')
    .execute();
const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: string[] }>().errors;

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
  await h.db
    .insertInto('sample')
    .values({ ...SAMPLE, weightNet: 12, name: 'S1' })
    .execute();
  await h.db.insertInto('sample').values({ sId: '4006381333931', sStamp: '2025-10-02 06:00:00' }).execute();
});

describe('POST /api/analysis', () => {
  it('creates an analysis, answers 201 with the new aId and records the audit', async () => {
    const res = await post(analysis());
    expect(res.statusCode).toBe(201);
    const { aId, message } = res.json<{ aId: number; message: string }>();
    expect(message).toBe(`aId#${aId} was created successfully!`);
    expect(await row(aId)).toMatchObject({
      ...SAMPLE,
      pol: 17.5,
      density: 1.05,
      lane: 1,
      comment: 'typed by hand',
    });
    const [event, ...more] = await audits(aId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: 'create',
      before: null,
      after: expect.objectContaining({ aId, pol: 17.5 }),
    });
    expect(event!.actor).toMatch(/^admin\d+@test\.lab$/);
  });

  it('accepts empty measured values, as null or empty text', async () => {
    const empty = { pol: null, nat: null, kal: null, an: null, glu: null, dry: null, density: null };
    const aId = await created({
      ...analysis(empty),
      weightMea: '',
      weightNrm: '  ',
      weightCur: null,
      weightDif: null,
    });
    expect(await row(aId)).toMatchObject({ pol: null, weightMea: null, weightNrm: null, density: null });
  });

  it('takes numbers sent as text with a dot', async () => {
    const aId = await created({ ...analysis(), pol: '18.25' });
    expect((await row(aId))?.pol).toBe(18.25);
  });

  it('answers 401 without a token', async () => {
    expect((await post(analysis(), NO_TOKEN)).statusCode).toBe(401);
  });

  it('should not create an analysis as a reader', async () => {
    const before = await h.db
      .selectFrom('analysis')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const res = await post(analysis({ comment: 'reader' }), reader);
    expect(res.statusCode).toBe(403);
    const after = await h.db
      .selectFrom('analysis')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('refuses lane 7', async () => {
    const res = await post(analysis({ lane: 7 }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([LANE_MESSAGE]);
  });

  it('refuses pol outside its limit', async () => {
    const res = await post(analysis({ pol: 30 }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual(['pol has to be between 10 and 25']);
  });

  it('refuses text that is no number in a measured field with the limit message', async () => {
    const res = await post({ ...analysis(), dry: '22,5' });
    expect(errorsOf(res)).toEqual(['dry has to be between 15 and 30']);
  });

  it('refuses a measured value when no limit is known', async () => {
    await h.db.deleteFrom('configLimit').where('name', '=', 'glu').execute();
    try {
      const res = await post(analysis({ glu: 1 }));
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual(['glu has to be between ? and ?']);
      // Empty stays accepted without a limit.
      expect((await post(analysis({ glu: null }))).statusCode).toBe(201);
    } finally {
      await h.db.insertInto('configLimit').values({ name: 'glu', info: 'Glucose', min: 0, max: 5 }).execute();
    }
  });

  it('checks against the limits stored at the time of the write', async () => {
    await h.db.updateTable('configLimit').set({ max: 18 }).where('name', '=', 'pol').execute();
    try {
      expect(errorsOf(await post(analysis({ pol: 19 })))).toEqual(['pol has to be between 10 and 18']);
    } finally {
      await h.db.updateTable('configLimit').set({ max: 25 }).where('name', '=', 'pol').execute();
    }
    expect((await post(analysis({ pol: 19 }))).statusCode).toBe(201);
  });

  it('lists every failing field in one answer', async () => {
    const res = await post(
      analysis({
        lane: 7,
        pol: 30,
        kal: 0,
        aFlags: 'Z----',
        dateIn: '2025-02-29 10:00:00',
        dateOut: '2025-10-01 24:00:00',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: expect.arrayContaining([
        LANE_MESSAGE,
        AFLAGS_MESSAGE,
        DATETIME_MESSAGE,
        'pol has to be between 10 and 25',
        'kal has to be between 1.5 and 10',
      ]),
    });
    expect(errorsOf(res)).toHaveLength(5);
  });

  it.each([
    ['aFlags with a foreign first character', { aFlags: 'Q' }, AFLAGS_MESSAGE],
    ['aFlags longer than 11', { aFlags: '-LLLLLLLLLLL' }, AFLAGS_MESSAGE],
    ['aFlags with a foreign later character', { aFlags: '-X' }, AFLAGS_MESSAGE],
    ['a date without time', { dateIn: '2025-10-01' }, DATETIME_MESSAGE],
    ['a date with T', { dateOut: '2025-10-01T07:00:00' }, DATETIME_MESSAGE],
    ['lane -1', { lane: -1 }, LANE_MESSAGE],
    ['lane 1.5', { lane: 1.5 }, LANE_MESSAGE],
    ['density above its limit', { density: 1.4 }, 'density has to be between 0.9 and 1.3'],
    ['weightDif below its limit', { weightDif: -6 }, 'weightDif has to be between -5 and 5'],
  ])('refuses %s', async (_name, overrides, message) => {
    const res = await post(analysis(overrides as Partial<AnalysisWrite>));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([message]);
  });

  it('refuses an sId of 14 digits', async () => {
    const res = await post(
      analysis({ sample: { sampleId: { sId: '12345678901234', sStamp: SAMPLE.sStamp } } }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([SID_MESSAGE]);
  });

  it('refuses an analysis of a sample that does not exist, with the other failing fields', async () => {
    const res = await post(
      analysis({ sample: { sampleId: { sId: '999', sStamp: SAMPLE.sStamp } }, lane: 9 }),
    );
    expect(res.statusCode).toBe(400);
    const missing = 'Error occurred, SampleId#999|2025-10-01 06:00:00 was not found!';
    expect(res.json()).toEqual({ message: missing, errors: [missing, LANE_MESSAGE] });
  });

  it('answers 400, never a 5xx, for malformed bodies', async () => {
    const aId = await created();
    const bodies = [
      [],
      'text',
      null,
      { sample: null },
      { sample: { sampleId: { sId: 1, sStamp: [] } }, aFlags: 5 },
      { ...analysis(), pol: 1e308, comment: 5, lane: '2' },
      { ...analysis(), pol: '1e3', dateExported: 12 },
    ];
    for (const body of bodies) {
      const payload = JSON.stringify(body);
      const headers = { 'content-type': 'application/json' };
      for (const url of ['/api/analysis', `/api/analysis/${aId}`]) {
        const res = await h.request({
          method: url === '/api/analysis' ? 'POST' : 'PUT',
          url,
          token: admin,
          headers,
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(errorsOf(res).length).toBeGreaterThan(0);
      }
    }
  });

  it('ignores an aId in the body', async () => {
    const aId = await created({ ...analysis(), aId: 999_999 });
    expect(aId).not.toBe(999_999);
  });
});

describe('PUT /api/analysis/{id}', () => {
  it('updates the editable columns and records before and after', async () => {
    const aId = await created();
    const res = await put(aId, {
      ...analysis({ pol: 16, comment: 'corrected', aFlags: 'F-----L', lane: 2 }),
      aId,
      // The sample's values travel with the row but are not the analysis's to change.
      sample: { sampleId: SAMPLE, weightNet: 99, weightBru: 99, name: 'renamed', boxPos: 'A1/1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `aId#${aId} was updated successfully!`, aId });
    expect(await row(aId)).toMatchObject({ pol: 16, comment: 'corrected', aFlags: 'F-----L', lane: 2 });
    const sample = await h.db
      .selectFrom('sample')
      .selectAll()
      .where('sId', '=', SAMPLE.sId)
      .executeTakeFirst();
    expect(sample).toMatchObject({ weightNet: 12, name: 'S1' });
    const events = await audits(aId);
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    expect(events[1]).toMatchObject({
      before: expect.objectContaining({ pol: 17.5, comment: 'typed by hand' }),
      after: expect.objectContaining({ pol: 16, comment: 'corrected' }),
    });
  });

  it('answers 404 for a missing analysis', async () => {
    const res = await put(987_654, analysis());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Error occurred, aId#987654 was not found!' });
  });

  it('answers 400 for an aId that is no number', async () => {
    const res = await put('12a', analysis());
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([AID_MESSAGE]);
  });

  it('refuses to move an analysis to another sample', async () => {
    const aId = await created();
    const other = { sId: '4006381333931', sStamp: '2025-10-02 06:00:00' };
    const res = await put(aId, analysis({ sample: { sampleId: other } }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([SAMPLE_KEY_NOT_EDITABLE]);
    expect(await row(aId)).toMatchObject(SAMPLE);
  });

  it('refuses another aId in the body', async () => {
    const aId = await created();
    expect(errorsOf(await put(aId, { ...analysis(), aId: aId + 1 }))).toEqual([AID_NOT_EDITABLE]);
  });

  it('keeps a stored value outside the limits when it is not changed, and checks it when it is', async () => {
    // As a sync import leaves it: measured 30, flagged H.
    const { aId } = await h.db
      .insertInto('analysis')
      .values({ ...SAMPLE, pol: 30, aFlags: '-H-----' })
      .returning('aId')
      .executeTakeFirstOrThrow();
    const unchanged = await put(aId, analysis({ pol: 30, aFlags: '-H-----', comment: 'checked' }));
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(errorsOf(await put(aId, analysis({ pol: 31 })))).toEqual(['pol has to be between 10 and 25']);
    expect((await put(aId, analysis({ pol: 20 }))).statusCode).toBe(200);
  });

  it('lists every failing field', async () => {
    const aId = await created();
    const res = await put(aId, analysis({ lane: 4, nat: 9, aFlags: '' }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).sort()).toEqual(
      [AFLAGS_MESSAGE, LANE_MESSAGE, 'nat has to be between 0.1 and 5'].sort(),
    );
  });

  it('answers 401 without a token', async () => {
    expect((await put(1, analysis(), NO_TOKEN)).statusCode).toBe(401);
  });

  it('should not update an analysis as a reader', async () => {
    const aId = await created();
    const res = await put(aId, analysis({ comment: 'by a reader' }), reader);
    expect(res.statusCode).toBe(403);
    expect((await row(aId))?.comment).toBe('typed by hand');
  });
});

describe('DELETE /api/analysis/{id}', () => {
  it('deletes an analysis and records what went', async () => {
    const aId = await created();
    const res = await del(aId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `aId#${aId} was deleted successfully!`, aId });
    expect(await row(aId)).toBeUndefined();
    const events = await audits(aId);
    expect(events.at(-1)).toMatchObject({
      action: 'delete',
      after: null,
      before: expect.objectContaining({ aId, pol: 17.5 }),
    });
  });

  it('answers 404 for a missing analysis', async () => {
    const aId = await created();
    await del(aId);
    const res = await del(aId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `Error occurred, aId#${aId} was not found!` });
  });

  it('answers 400 for an aId that is no number', async () => {
    expect(errorsOf(await del('x'))).toEqual([AID_MESSAGE]);
  });

  it('answers 401 without a token', async () => {
    expect((await del(1, NO_TOKEN)).statusCode).toBe(401);
  });

  it('should not delete an analysis as a reader', async () => {
    const aId = await created();
    expect((await del(aId, reader)).statusCode).toBe(403);
    expect(await row(aId)).toBeDefined();
  });
});
