// No update is lost silently (docs/dev/architecture.md#api-contract): every editable record is read with its `version`, a
// PUT sends the version it was edited from, and a PUT based on an outdated copy answers 409 with
// the spec's 'was not modified!' message and the reason. Two admins saving the same record at once
// with the same version: exactly one wins, the other is told, and nothing of the winner is undone.
// Other writers (the SAP/ZFT export's flagging, the sample file import, a sample's key change)
// make the copies read before them outdated too.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../../src/domain/entities/analysis';
import type { Limit } from '../../src/domain/entities/limit';
import type { Sample } from '../../src/domain/entities/sample';
import type { Setting } from '../../src/domain/entities/setting';
import { CHANGED_MEANWHILE, VERSION_MESSAGE } from '../../src/domain/messages';
import { exportAndDownload, exportDataDir } from './exports.fixture';
import { useHarness } from './harness';
import { fileForm } from './multipart';
import { qs } from './views.fixture';

const h = useHarness({ config: { dataDir: exportDataDir() } });
let admin = '';
let reader = '';
beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
});

const TRIALS = 20;

type Res = Awaited<ReturnType<typeof h.request>>;
const get = async <T>(url: string): Promise<T> => {
  const res = await h.request({ method: 'GET', url, token: reader });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const put = (url: string, payload: object, token = admin) =>
  h.request({ method: 'PUT', url, token, payload });
const stale = (message: string) => ({ message, errors: [CHANGED_MEANWHILE] });
const statuses = (responses: Res[]) => responses.map((r) => r.statusCode).sort();
const updateEvents = async (entity: string, key: string) =>
  (
    await h.db
      .selectFrom('auditEvent')
      .select('id')
      .where('entity', '=', entity)
      .where('entityKey', '=', key)
      .where('action', '=', 'update')
      .execute()
  ).length;

// ---- fixtures ---------------------------------------------------------------------------------

let seq = 0;
const newSample = async (): Promise<Sample> => {
  const key = { sId: String(5_100_000_000_000 + ++seq), sStamp: '2026-09-10 06:00:00' };
  const res = await h.request({
    method: 'POST',
    url: '/api/samples',
    token: admin,
    payload: { sampleId: key, sFlags: '-----', lane: 1, weightNet: 20, comment: null },
  });
  expect(res.statusCode, res.body).toBe(201);
  return get<Sample>(samplePath(key));
};
const samplePath = (k: { sId: string; sStamp: string }) =>
  `/api/samples/${k.sId}/${encodeURIComponent(k.sStamp)}`;

const newAnalysis = async (sample?: Sample): Promise<Analysis> => {
  const s = sample ?? (await newSample());
  const res = await h.request({
    method: 'POST',
    url: '/api/analysis',
    token: admin,
    payload: { sample: { sampleId: s.sampleId }, aFlags: '-----', pol: 17, comment: 'first', lane: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return get<Analysis>(`/api/analysis/${res.json<{ aId: number }>().aId}`);
};

// ---- reads ------------------------------------------------------------------------------------

describe('every read carries the version', () => {
  it('analysis: by aId, by sample, in the view', async () => {
    const a = await newAnalysis();
    expect(a.version).toBe(1);
    const { analysis } = await get<{ analysis: Analysis[] }>(
      `/api/analysis/sid/${a.sample.sampleId.sId}/${encodeURIComponent(a.sample.sampleId.sStamp)}`,
    );
    expect(analysis[0]).toMatchObject({ aId: a.aId, version: 1 });
    const view = await get<{ analysis: Analysis[] }>(
      `/api/analysis/view${qs({ filter: `aId,${a.aId}~${a.aId}` })}`,
    );
    expect(view.analysis).toEqual([a]);
  });

  it('sample: by key and in the view', async () => {
    const s = await newSample();
    expect(s.version).toBe(1);
    const view = await get<{ samples: Sample[] }>(
      `/api/samples/view${qs({ filter: `sId,${s.sampleId.sId}` })}`,
    );
    expect(view.samples).toEqual([s]);
  });

  it('limits and settings', async () => {
    const { limits } = await get<{ limits: Limit[] }>('/api/config/limits');
    expect(limits.every((l) => Number.isInteger(l.version))).toBe(true);
    expect((await get<Limit>('/api/config/limits/pol')).version).toEqual(expect.any(Number));
    const { settings } = await get<{ settings: Setting[] }>('/api/config/settings');
    expect(settings.every((s) => Number.isInteger(s.version))).toBe(true);
  });
});

// ---- analysis -----------------------------------------------------------------------------------

describe('PUT /api/analysis/{id} with versions', () => {
  const url = (a: Analysis) => `/api/analysis/${a.aId}`;

  it(`two admins saving one analysis at once: exactly one wins, nothing is lost (${TRIALS} trials)`, async () => {
    const s = await newSample();
    for (let trial = 0; trial < TRIALS; trial++) {
      const read = await newAnalysis(s);
      // One changes pol, the other the comment, both from the same copy.
      const polEdit = { ...read, pol: 18.5 };
      const commentEdit = { ...read, comment: `second ${trial}` };
      const [byPol, byComment] = await Promise.all([put(url(read), polEdit), put(url(read), commentEdit)]);
      expect(statuses([byPol, byComment]), `trial ${trial}`).toEqual([200, 409]);
      const loser = byPol.statusCode === 409 ? byPol : byComment;
      expect(loser.json()).toEqual(stale(`Error occurred, aId#${read.aId} was not modified!`));
      const now = await get<Analysis>(url(read));
      // The winner's body as a whole, at the next version: the loser changed nothing.
      const winner = byPol.statusCode === 200 ? polEdit : commentEdit;
      expect(now).toEqual({ ...winner, version: read.version + 1 });
      expect(await updateEvents('analysis', String(read.aId))).toBe(1);
    }
  });

  it('answers 409 to an outdated copy and changes nothing; the current copy saves', async () => {
    const read = await newAnalysis();
    expect((await put(url(read), { ...read, pol: 19 })).statusCode).toBe(200);
    const late = await put(url(read), { ...read, comment: 'from the old copy' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(stale(`Error occurred, aId#${read.aId} was not modified!`));
    const now = await get<Analysis>(url(read));
    expect(now).toMatchObject({ pol: 19, comment: 'first', version: 2 });
    expect(await updateEvents('analysis', String(read.aId))).toBe(1);
    // A version from the future is as wrong as one from the past.
    expect((await put(url(read), { ...now, version: now.version + 1 })).statusCode).toBe(409);
    expect((await put(url(now), { ...now, comment: 'from the new copy' })).statusCode).toBe(200);
    expect(await get<Analysis>(url(read))).toMatchObject({
      pol: 19,
      comment: 'from the new copy',
      version: 3,
    });
  });

  it('answers 400 without a version, and 404 for a missing analysis first', async () => {
    const read = await newAnalysis();
    const { version: _v, ...body } = read;
    const res = await put(url(read), body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: string[] }>().errors).toEqual([VERSION_MESSAGE]);
    expect((await put(url(read), { ...body, version: '1' })).statusCode).toBe(400);
    expect((await put('/api/analysis/987654321', body)).statusCode).toBe(404);
    expect(await get<Analysis>(url(read))).toEqual(read);
  });

  it('a save that changes nothing keeps the version, so other open copies stay valid', async () => {
    const read = await newAnalysis();
    expect((await put(url(read), read)).statusCode).toBe(200);
    expect((await get<Analysis>(url(read))).version).toBe(read.version);
  });

  it('only the database sets the version: every change bumps it, and no write can set it', async () => {
    const read = await newAnalysis();
    expect((await put(url(read), { ...read, pol: 20 })).statusCode).toBe(200);
    const version = async () => (await get<Analysis>(url(read))).version;
    expect(await version()).toBe(2);
    await sql`update analysis set comment = 'direct' where a_id = ${read.aId}`.execute(h.db);
    expect(await version()).toBe(3);
    await sql`update analysis set version = 1 where a_id = ${read.aId}`.execute(h.db);
    expect(await version()).toBe(3);
  });

  it('the SAP export flagging the analysis makes a copy read before it outdated', async () => {
    const s = await newSample();
    const read = await newAnalysis(s);
    await exportAndDownload(h, admin, 'analysis', 'sap', qs({ filter: `sId,${s.sampleId.sId}` }));
    const flagged = await get<Analysis>(url(read));
    expect(flagged.aFlags).toMatch(/^X/);
    expect(flagged.version).toBe(read.version + 1);
    // Saving the old copy would silently take the X flag and the export date back.
    expect((await put(url(read), { ...read, comment: 'after the export' })).statusCode).toBe(409);
    expect((await get<Analysis>(url(read))).aFlags).toMatch(/^X/);
  });

  it("a sample's new key makes copies of its analyses read before outdated", async () => {
    const s = await newSample();
    const read = await newAnalysis(s);
    const moved = { ...s.sampleId, sStamp: '2026-09-10 06:00:01' };
    expect((await put(samplePath(s.sampleId), { ...s, sampleId: moved })).statusCode).toBe(200);
    expect((await get<Analysis>(url(read))).version).toBe(read.version + 1);
    expect((await put(url(read), { ...read, sample: { sampleId: moved } })).statusCode).toBe(409);
  });
});

// ---- samples ------------------------------------------------------------------------------------

describe('PUT /api/samples/{sId}/{sStamp} with versions', () => {
  it(`two admins saving one sample at once: exactly one wins, nothing is lost (${TRIALS} trials)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const read = await newSample();
      const url = samplePath(read.sampleId);
      const nameEdit = { ...read, name: `Hof ${trial}` };
      const weightEdit = { ...read, weightNet: 21.5 };
      const [byName, byWeight] = await Promise.all([put(url, nameEdit), put(url, weightEdit)]);
      expect(statuses([byName, byWeight]), `trial ${trial}`).toEqual([200, 409]);
      const loser = byName.statusCode === 409 ? byName : byWeight;
      expect(loser.json()).toEqual(stale(`Error occurred, sId#${read.ID} was not modified!`));
      const winner = byName.statusCode === 200 ? nameEdit : weightEdit;
      expect(await get<Sample>(url)).toEqual({ ...winner, version: read.version + 1 });
      expect(await updateEvents('sample', read.ID)).toBe(1);
    }
  });

  it('answers 409 to an outdated copy, also one that would move the sample', async () => {
    const read = await newSample();
    const url = samplePath(read.sampleId);
    expect((await put(url, { ...read, comment: 'weighed again' })).statusCode).toBe(200);
    const late = await put(url, { ...read, sampleId: { ...read.sampleId, sStamp: '2026-09-10 07:00:00' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(stale(`Error occurred, sId#${read.ID} was not modified!`));
    expect(await get<Sample>(url)).toMatchObject({ comment: 'weighed again', version: 2 });
  });

  it('answers 400 without a version', async () => {
    const read = await newSample();
    const { version: _v, ...body } = read;
    const res = await put(samplePath(read.sampleId), body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: string[] }>().errors).toEqual([VERSION_MESSAGE]);
  });

  it('the sample file import makes a copy read before it outdated, unless it changed nothing', async () => {
    const read = await newSample();
    const upload = (csv: string) =>
      h.request({ method: 'POST', url: '/api/samples/upload', token: admin, ...fileForm('s.csv', csv) });
    const line = (name: string) => `sId;sStamp;name\n${read.sampleId.sId};${read.sampleId.sStamp};${name}\n`;
    expect((await upload(line('Imported'))).statusCode).toBe(200);
    const imported = await get<Sample>(samplePath(read.sampleId));
    expect(imported).toMatchObject({ name: 'Imported', version: read.version + 1 });
    expect((await put(samplePath(read.sampleId), { ...read, comment: 'old copy' })).statusCode).toBe(409);
    // The same file again changes nothing, and the copy read after the first import stays valid.
    expect((await upload(line('Imported'))).statusCode).toBe(200);
    expect((await get<Sample>(samplePath(read.sampleId))).version).toBe(imported.version);
  });
});

// ---- limits and settings ------------------------------------------------------------------------

describe('PUT /api/config/limits/{name} and /api/config/settings/{name} with versions', () => {
  it(`two admins saving one limit at once: exactly one wins (${TRIALS} trials)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const read = await get<Limit>('/api/config/limits/glu');
      const infoEdit = { ...read, info: `Glucose, trial ${trial}` };
      const maxEdit = { ...read, max: String(6 + trial) };
      const [byInfo, byMax] = await Promise.all([
        put('/api/config/limits/glu', infoEdit),
        put('/api/config/limits/glu', maxEdit),
      ]);
      expect(statuses([byInfo, byMax]), `trial ${trial}`).toEqual([200, 409]);
      const loser = byInfo.statusCode === 409 ? byInfo : byMax;
      expect(loser.json()).toEqual(stale('Error occurred, Limit#glu was not modified!'));
      const winner = byInfo.statusCode === 200 ? infoEdit : maxEdit;
      const now = await get<Limit>('/api/config/limits/glu');
      expect(now).toEqual({ ...winner, lastModified: now.lastModified, version: read.version + 1 });
    }
    expect(await updateEvents('limit', 'glu')).toBe(TRIALS);
  });

  it('answers 409 to an outdated limit, even one sent back unchanged', async () => {
    const read = await get<Limit>('/api/config/limits/an');
    expect((await put('/api/config/limits/an', { ...read, max: '7' })).statusCode).toBe(200);
    const late = await put('/api/config/limits/an', read);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(stale('Error occurred, Limit#an was not modified!'));
    expect(await get<Limit>('/api/config/limits/an')).toMatchObject({ max: '7', version: read.version + 1 });
  });

  it('answers 400 for a limit without a version', async () => {
    const { version: _v, ...body } = await get<Limit>('/api/config/limits/nat');
    const res = await put('/api/config/limits/nat', body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: string[] }>().errors).toEqual([VERSION_MESSAGE]);
  });

  it(`two admins saving one setting at once: exactly one wins (${TRIALS} trials)`, async () => {
    const amino = async () =>
      (await get<{ settings: Setting[] }>('/api/config/settings')).settings.find(
        (s) => s.name === 'aminoFactor',
      )!;
    for (let trial = 0; trial < TRIALS; trial++) {
      const read = await amino();
      // Every trial a value not stored yet: a write that changes nothing is no conflict.
      const valueEdit = { ...read, value: String(2 + trial / 2) };
      const infoEdit = { ...read, info: `Amino factor, trial ${trial}` };
      const [byValue, byInfo] = await Promise.all([
        put('/api/config/settings/aminoFactor', valueEdit),
        put('/api/config/settings/aminoFactor', infoEdit),
      ]);
      expect(statuses([byValue, byInfo]), `trial ${trial}`).toEqual([200, 409]);
      const loser = byValue.statusCode === 409 ? byValue : byInfo;
      expect(loser.json()).toEqual(stale('Error occurred, Setting#aminoFactor was not modified!'));
      const winner = byValue.statusCode === 200 ? valueEdit : infoEdit;
      const now = await amino();
      expect(now).toEqual({ ...winner, lastModified: now.lastModified, version: read.version + 1 });
    }
  });

  it('answers 409 to an outdated campaign and 400 without a version', async () => {
    const campaign = async () =>
      (await get<{ settings: Setting[] }>('/api/config/settings')).settings.find(
        (s) => s.name === 'campaign',
      )!;
    const read = await campaign();
    const first = await put('/api/config/settings/campaign', { ...read, start: '2026-09-01', end: null });
    expect(first.statusCode, first.body).toBe(200);
    const late = await put('/api/config/settings/campaign', { ...read, start: null, end: '2027-01-31' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(stale('Error occurred, Setting#campaign was not modified!'));
    expect(await campaign()).toMatchObject({ start: '2026-09-01 00:00:00', end: null });
    const { version: _v, ...body } = await campaign();
    expect((await put('/api/config/settings/campaign', body)).statusCode).toBe(400);
  });
});
