// GET /api/config/limits, GET and PUT /api/config/limits/{name}, GET /api/config/settings and
// PUT /api/config/settings/{name}: the Limits and Settings rules of docs/dev/product-rules.md#field-rules, lastModified, audit.
// (tests/server/config.test.ts is the foundation's test of the environment configuration.)
//
// Mutation runs of services/settings.ts and services/limits.ts judged by this file alone
// (docs/dev/mutation-scores.md): `notModified('')` survives in both, killed by versions.test.ts,
// which checks the 409's message; limits.ts's `body.info ?? ''` fallback is equivalent, as the write
// schema refuses a null info ('Info must be set!') before the service sees it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Limit } from '../../src/domain/entities/limit';
import type { Setting } from '../../src/domain/entities/setting';
import {
  AMINO_FACTOR_MESSAGE,
  CAMPAIGN_START_BEFORE_END,
  DATE_OR_DATETIME_MESSAGE,
  INFO_MUST_BE_SET,
  LIMIT_MAX_BELOW_MIN,
  LIMIT_MIN_ABOVE_MAX,
  LIMIT_MUST_BE_NUMBER,
  LIMIT_ONLY_NUMERIC,
} from '../../src/domain/messages';
import { useHarness } from './harness';

const h = useHarness();
let admin = '';
let reader = '';
const NO_TOKEN = '';
const OLD = '2000-01-01 00:00:00';

const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: string[] }>().errors;
const audits = (entity: string, key: string) =>
  h.db
    .selectFrom('auditEvent')
    .selectAll()
    .where('entity', '=', entity)
    .where('entityKey', '=', key)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
});

describe('limits', () => {
  const getLimit = async (name: string): Promise<Limit> =>
    (await h.request({ method: 'GET', url: `/api/config/limits/${name}`, token: reader })).json<Limit>();
  const putLimit = (name: string, body: object, token: string = admin) =>
    h.request({ method: 'PUT', url: `/api/config/limits/${name}`, token, payload: body });

  it('lists every limit with text numbers, readable by a reader', async () => {
    const res = await h.request({ method: 'GET', url: '/api/config/limits', token: reader });
    expect(res.statusCode).toBe(200);
    const { limits } = res.json<{ limits: Limit[] }>();
    expect(limits.map((l) => l.name)).toEqual(
      expect.arrayContaining(['pol', 'nat', 'kal', 'an', 'glu', 'dry', 'density', 'weightNet', 'weightDif']),
    );
    expect(limits.find((l) => l.name === 'nat')).toMatchObject({
      min: '0.1',
      max: '5',
      info: expect.any(String),
    });
    expect(limits.find((l) => l.name === 'pol')?.lastModified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('answers one limit, and 404 for an unknown name', async () => {
    expect(await getLimit('pol')).toMatchObject({ name: 'pol', min: '10', max: '25' });
    const res = await h.request({ method: 'GET', url: '/api/config/limits/sugar', token: reader });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Error occurred, Limit#sugar was not found!' });
  });

  it('answers 401 without a token', async () => {
    expect((await h.request({ method: 'GET', url: '/api/config/limits' })).statusCode).toBe(401);
    expect((await h.request({ method: 'GET', url: '/api/config/limits/pol' })).statusCode).toBe(401);
    expect((await putLimit('pol', {}, NO_TOKEN)).statusCode).toBe(401);
  });

  it('changes a limit, updates lastModified and records before and after', async () => {
    await h.db.updateTable('configLimit').set({ lastModified: OLD }).where('name', '=', 'dry').execute();
    const before = await getLimit('dry');
    const res = await putLimit('dry', { ...before, info: 'Dry substance %', min: '16.5', max: '+29' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Limit>();
    expect(after).toMatchObject({
      id: before.id,
      name: 'dry',
      info: 'Dry substance %',
      min: '16.5',
      max: '29',
    });
    expect(after.lastModified).not.toBe(OLD);
    expect(await getLimit('dry')).toEqual(after);
    expect(await audits('limit', 'dry')).toEqual([
      expect.objectContaining({ action: 'update', before: { ...before, lastModified: OLD }, after }),
    ]);
  });

  it('writes nothing for a limit sent back unchanged', async () => {
    await h.db.updateTable('configLimit').set({ lastModified: OLD }).where('name', '=', 'kal').execute();
    const kal = await getLimit('kal');
    const res = await putLimit('kal', { ...kal, min: '1.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Limit>().lastModified).toBe(OLD);
    expect(await audits('limit', 'kal')).toEqual([]);
    const info = await putLimit('kal', { ...kal, info: 'Kalium' });
    expect(info.json()).toMatchObject({
      info: 'Kalium',
      min: kal.min,
      max: kal.max,
      version: kal.version + 1,
    });
    expect(await audits('limit', 'kal')).toHaveLength(1);
    const min = await putLimit('kal', { ...info.json<Limit>(), min: '1.25' });
    expect(min.json()).toMatchObject({ min: '1.25', max: kal.max, version: kal.version + 2 });
    expect(await audits('limit', 'kal')).toHaveLength(2);
  });

  it('lets a changed limit decide the next analysis write', async () => {
    const an = await getLimit('an');
    expect((await putLimit('an', { ...an, max: '2' })).statusCode).toBe(200);
    await h.db.insertInto('sample').values({ sId: '77', sStamp: '2025-10-01 06:00:00' }).execute();
    const res = await h.request({
      method: 'POST',
      url: '/api/analysis',
      token: admin,
      payload: {
        sample: { sampleId: { sId: '77', sStamp: '2025-10-01 06:00:00' } },
        aFlags: '-----',
        an: 3,
      },
    });
    expect(res.json()).toMatchObject({ errors: ['an has to be between 0.3 and 2'] });
  });

  it.each([
    ['an empty info', { info: ' ' }, [INFO_MUST_BE_SET]],
    ['a decimal comma', { min: '1,5' }, [LIMIT_ONLY_NUMERIC]],
    ['letters', { max: '2x' }, [LIMIT_ONLY_NUMERIC]],
    ['two dots', { min: '1.2.3' }, [LIMIT_MUST_BE_NUMBER]],
    ['an empty min', { min: '' }, [LIMIT_MUST_BE_NUMBER]],
    ['min above max', { min: '6', max: '5' }, [LIMIT_MIN_ABOVE_MAX, LIMIT_MAX_BELOW_MIN]],
    [
      'a max too large for the column',
      { max: '123456789' },
      ['max has to be between -99999999.9999 and 99999999.9999'],
    ],
  ])('refuses %s', async (_name, change, messages) => {
    const nat = await getLimit('nat');
    const res = await putLimit('nat', { ...nat, ...change });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).sort()).toEqual([...messages].sort());
    expect(await getLimit('nat')).toEqual(nat);
  });

  it('refuses a min too large for the column, below zero as above', async () => {
    const nat = await getLimit('nat');
    const res = await putLimit('nat', { ...nat, min: '-123456789' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual(['min has to be between -99999999.9999 and 99999999.9999']);
    expect(await getLimit('nat')).toEqual(nat);
  });

  it('takes the widest limits the column holds, and info without the spaces around it', async () => {
    const density = await getLimit('density');
    const res = await putLimit('density', {
      ...density,
      info: '  Density  ',
      min: '-99999999.9999',
      max: '99999999.9999',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ info: 'Density', min: '-99999999.9999', max: '99999999.9999' });
    expect(await getLimit('density')).toEqual(res.json());
  });

  it('refuses a body naming another limit', async () => {
    const pol = await getLimit('pol');
    const res = await putLimit('nat', pol);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual(['Name pol does not match the limit nat']);
  });

  it('answers 404 for an unknown limit', async () => {
    const res = await putLimit('sugar', { name: 'sugar', info: 'x', min: '1', max: '2', version: 1 });
    expect(res.statusCode).toBe(404);
  });

  it('should not change a limit as a reader', async () => {
    const glu = await getLimit('glu');
    expect((await putLimit('glu', { ...glu, max: '9' }, reader)).statusCode).toBe(403);
    expect(await getLimit('glu')).toEqual(glu);
  });
});

describe('settings', () => {
  const getSettings = async (): Promise<Setting[]> =>
    (await h.request({ method: 'GET', url: '/api/config/settings', token: reader })).json<{
      settings: Setting[];
    }>().settings;
  const setting = async (name: string): Promise<Setting> =>
    (await getSettings()).find((s) => s.name === name)!;
  const putSetting = (name: string, body: object, token: string = admin) =>
    h.request({ method: 'PUT', url: `/api/config/settings/${name}`, token, payload: body });

  it('lists the settings; the campaign carries start and end', async () => {
    const settings = await getSettings();
    expect(settings.find((s) => s.name === 'campaign')).toMatchObject({ start: null, end: null });
    const amino = settings.find((s) => s.name === 'aminoFactor');
    expect(amino).toMatchObject({ value: '1' });
    expect(amino).not.toHaveProperty('start');
  });

  it('answers 401 without a token', async () => {
    expect((await h.request({ method: 'GET', url: '/api/config/settings' })).statusCode).toBe(401);
    expect((await putSetting('aminoFactor', {}, NO_TOKEN)).statusCode).toBe(401);
  });

  it('changes the amino factor, updates lastModified and records the change', async () => {
    await h.db
      .updateTable('configSetting')
      .set({ lastModified: OLD })
      .where('name', '=', 'aminoFactor')
      .execute();
    const before = await setting('aminoFactor');
    const res = await putSetting('aminoFactor', { ...before, value: '2.5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'aminoFactor', value: '2.5', info: before.info });
    expect(res.json<Setting>().lastModified).not.toBe(OLD);
    expect(await audits('setting', 'aminoFactor')).toEqual([
      expect.objectContaining({
        action: 'update',
        before: expect.objectContaining({ value: '1' }),
        after: expect.objectContaining({ value: '2.5' }),
      }),
    ]);
  });

  it.each([['0'], ['20.5'], ['25'], ['x'], ['']])('refuses the amino factor %j', async (value) => {
    const amino = await setting('aminoFactor');
    const res = await putSetting('aminoFactor', { ...amino, value });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([AMINO_FACTOR_MESSAGE]);
  });

  it('completes campaign dates without time to the whole first and last day', async () => {
    const campaign = await setting('campaign');
    const res = await putSetting('campaign', { ...campaign, start: '2025-09-01', end: '2026-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ start: '2025-09-01 00:00:00', end: '2026-01-31 23:59:59' });
    expect(await setting('campaign')).toMatchObject({
      start: '2025-09-01 00:00:00',
      end: '2026-01-31 23:59:59',
    });
    const [event] = (await audits('setting', 'campaign')).slice(-1);
    expect(event).toMatchObject({
      before: expect.objectContaining({ start: null, end: null }),
      after: expect.objectContaining({ start: '2025-09-01 00:00:00' }),
    });
  });

  it('keeps a campaign time that is given, and opens an end left empty', async () => {
    const campaign = await setting('campaign');
    const res = await putSetting('campaign', { ...campaign, start: '2025-09-15 06:00:00', end: '' });
    expect(res.json()).toMatchObject({ start: '2025-09-15 06:00:00', end: null });
    // The next edit starts from the setting as the first one left it (its new version).
    const open = await putSetting('campaign', { ...res.json<Setting>(), start: null, end: null });
    expect(open.json()).toMatchObject({ start: null, end: null });
  });

  it.each([
    ['a start after the end', { start: '2026-02-01', end: '2026-01-31' }, CAMPAIGN_START_BEFORE_END],
    [
      'a start equal to the end',
      { start: '2026-01-31 10:00:00', end: '2026-01-31 10:00:00' },
      CAMPAIGN_START_BEFORE_END,
    ],
    ['a date that does not exist', { start: '2025-02-30', end: null }, DATE_OR_DATETIME_MESSAGE],
  ])('refuses %s', async (_name, dates, message) => {
    const campaign = await setting('campaign');
    const res = await putSetting('campaign', { ...campaign, ...dates });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([message]);
    expect(await setting('campaign')).toEqual(campaign);
  });

  it('ignores start and end on another setting', async () => {
    const amino = await setting('aminoFactor');
    const res = await putSetting('aminoFactor', { ...amino, value: '3', start: '2025-01-01', end: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('start');
  });

  it('answers 404 for an unknown setting, and 400 for a body naming another', async () => {
    const res = await putSetting('colour', { name: 'colour', info: 'x', value: 'red', version: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Error occurred, Setting#colour was not found!' });
    const amino = await setting('aminoFactor');
    const other = await putSetting('campaign', amino);
    expect(other.statusCode).toBe(400);
    expect(errorsOf(other)).toEqual(['Name aminoFactor does not match the setting campaign']);
  });

  it('should not change a setting as a reader', async () => {
    const amino = await setting('aminoFactor');
    expect((await putSetting('aminoFactor', { ...amino, value: '7' }, reader)).statusCode).toBe(403);
    expect(await setting('aminoFactor')).toEqual(amino);
  });

  it('writes nothing for a setting sent back unchanged', async () => {
    await h.db
      .updateTable('configSetting')
      .set({ lastModified: OLD })
      .where('name', '=', 'aminoFactor')
      .execute();
    const amino = await setting('aminoFactor');
    const events = (await audits('setting', 'aminoFactor')).length;
    const res = await putSetting('aminoFactor', amino);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(amino);
    expect(await audits('setting', 'aminoFactor')).toHaveLength(events);
    const info = await putSetting('aminoFactor', { ...amino, info: 'Amino-N factor' });
    expect(info.json()).toMatchObject({ info: 'Amino-N factor', version: amino.version + 1 });
    expect(await audits('setting', 'aminoFactor')).toHaveLength(events + 1);
  });

  it('keeps the stored description when info is sent empty or blank', async () => {
    const amino = await setting('aminoFactor');
    for (const info of ['', '  ', null]) {
      const res = await putSetting('aminoFactor', { ...(await setting('aminoFactor')), info, value: '4' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ info: amino.info, value: '4' });
    }
  });

  it('writes a change of the campaign end alone, and of its value', async () => {
    const campaign = await setting('campaign');
    const end = await putSetting('campaign', { ...campaign, end: '2027-03-31' });
    expect(end.json()).toMatchObject({
      start: campaign.start,
      end: '2027-03-31 23:59:59',
      version: campaign.version + 1,
    });
    const value = await putSetting('campaign', { ...end.json<Setting>(), value: '  2026/27 ' });
    expect(value.json()).toMatchObject({ value: '2026/27', version: campaign.version + 2 });
    const blank = await putSetting('campaign', { ...value.json<Setting>(), value: ' ' });
    expect(blank.json()).toMatchObject({ value: null });
  });
});
