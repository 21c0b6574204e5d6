// The analysis writes of services/analysis-writes.ts that analysis-writes.test.ts did not reach
// (found by the mutation run of the file, docs/dev/mutation-scores.md): every measured value is
// checked against its own limit, an empty aId is no change of the aId, a PUT that moves an analysis
// to another sample is refused whichever half of the key it changes, the refusals say why in the
// service's words, a generated aId already taken answers 409 naming the new analysis, a negative
// weightDif within its limit is taken, and a limit wider than the column still meets the column's
// range (the last two guard the shared checks of samples-writes.ts). Each test
// fails with its survivor planted by hand. Equivalent: the 'Validation failed' fallback made false
// (every failed parse has a message, zod's or the numeric check's), and the update's mapDbError
// message (no database refusal is reachable after the checks: the update writes no key).
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { ANALYSIS_SAMPLE, analysisBody, jsonCalls } from './support/write-bodies';

const h = useHarness();
let admin = '';

const SAMPLE = ANALYSIS_SAMPLE;

const analysis = analysisBody;

const call = jsonCalls(h, () => admin);
const row = (aId: number) =>
  h.db.selectFrom('analysis').selectAll().where('aId', '=', aId).executeTakeFirstOrThrow();
const created = async (body: unknown = analysis()): Promise<number> => {
  const res = await call('POST', '/api/analysis', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ aId: number }>().aId;
};
/** PUT as a client that read the analysis just before sends it, with the stored version. */
const put = async (aId: number, body: object) =>
  call('PUT', `/api/analysis/${aId}`, { ...body, version: (await row(aId)).version });
const answer = (res: { json: <T>() => T }) => res.json<{ message: string; errors?: string[] }>();

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  await h.db.insertInto('sample').values(SAMPLE).execute();
});

describe('analysis limits', () => {
  it.each([
    ['an', 7, 'an has to be between 0.3 and 6'],
    ['weightMea', 51, 'weightMea has to be between 0 and 50'],
    ['weightNrm', 51, 'weightNrm has to be between 0 and 50'],
    ['weightCur', 51, 'weightCur has to be between 0 and 50'],
  ])('checks %s against its own limit, on create and on update', async (name, value, message) => {
    const res = await call('POST', '/api/analysis', analysis({ [name]: value }));
    expect(res.statusCode).toBe(400);
    expect(answer(res)).toEqual({ message: 'Validation failed', errors: [message] });
    const aId = await created();
    const edit = await put(aId, analysis({ [name]: value }));
    expect(edit.statusCode).toBe(400);
    expect(answer(edit).errors).toEqual([message]);
  });
});

describe('analysis values and their columns', () => {
  it('accepts a negative weightDif within its limit (the column holds negative values)', async () => {
    const aId = await created(analysis({ weightDif: -2 }));
    expect((await row(aId)).weightDif).toBe(-2);
  });

  it('refuses a value inside a limit wider than the column with the column message', async () => {
    await h.db.updateTable('configLimit').set({ max: 20_000 }).where('name', '=', 'pol').execute();
    try {
      const res = await call('POST', '/api/analysis', analysis({ pol: 10_000 }));
      expect(res.statusCode).toBe(400);
      expect(answer(res)).toEqual({
        message: 'Validation failed',
        errors: ['pol has to be between -9999.99 and 9999.99'],
      });
    } finally {
      await h.db.updateTable('configLimit').set({ max: 25 }).where('name', '=', 'pol').execute();
    }
  });
});

describe('analysis create', () => {
  it('answers a generated aId that a row written around the API holds with 409 naming the new analysis', async () => {
    // The identity column lets a row be written with its own aId (as the undo of a delete restores
    // one); the next generated aId may then be taken.
    const last = await created();
    await h.db
      .insertInto('analysis')
      .values({ ...SAMPLE, aId: last + 1 })
      .execute();
    const res = await call('POST', '/api/analysis', analysis());
    expect(res.statusCode).toBe(409);
    expect(answer(res)).toEqual({ message: 'Error occurred, aId#new was not created!' });
    // The refused insert took that aId from the sequence: the next one is free.
    expect(await created()).toBe(last + 2);
  });
});

describe('analysis update', () => {
  it('refuses an empty (null) aId as no number, not as a change of the aId', async () => {
    const aId = await created();
    const res = await put(aId, { ...analysis(), aId: null });
    expect(res.statusCode).toBe(400);
    // zod's own type message: one error, and not the aId's 'cannot be changed'.
    expect(answer(res).errors).toHaveLength(1);
    expect(answer(res).errors).not.toContain('aId cannot be changed');
  });

  it('refuses another aId in the body in its own words', async () => {
    const aId = await created();
    const res = await put(aId, { ...analysis(), aId: aId + 1 });
    expect(res.statusCode).toBe(400);
    expect(answer(res)).toEqual({ message: 'Validation failed', errors: ['aId cannot be changed'] });
  });

  it.each([
    ['its sample time alone', { sId: SAMPLE.sId, sStamp: '2025-10-01 06:00:01' }],
    ['its sample id alone', { sId: '4006381333931', sStamp: SAMPLE.sStamp }],
  ])('refuses to move an analysis to another sample by %s', async (_name, sampleId) => {
    const aId = await created();
    const res = await put(aId, analysis({ sample: { sampleId } }));
    expect(res.statusCode).toBe(400);
    expect(answer(res)).toEqual({
      message: 'Validation failed',
      errors: ['Sample id and sample time of an analysis cannot be changed'],
    });
    expect(await row(aId)).toMatchObject(SAMPLE);
  });
});
