// Screens (docs/dev/product-rules.md#records, docs/dev/product-rules.md#calls Screens; docs/dev/architecture.md#domain-decisions Screens): every route with its statuses, the
// screen-file import (all or nothing, each bad line named, re-import a no-op), Transfer
// ScreenNames on exactly the listed samples, the XLSX and the ZFT (exact bytes, flags in the same
// transaction), readers' 403s, the Analysis 'screens' exclusion following imports, and the list
// rows matching their schemas exactly.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { screenItemSchema, screenSchema, type Screen } from '../../src/domain/entities/screen';
import { CHANGED_MEANWHILE, NO_DOWNLOAD } from '../../src/domain/messages';
import { useHarness } from './harness';
import { fileUpload } from './support/multipart';
import { keyMismatches } from './schema-keys';

const h = useHarness();
let admin = '';
let reader = '';

const upload = (fileName: string, content: string, token: string = admin) =>
  h.request({ method: 'POST', url: '/api/screens/upload', token, ...fileUpload(fileName, content) });
const get = (url: string, token = reader) => h.request({ method: 'GET', url, token });
const HEADER = 'ScreenNumber;SampleID;ItemName';

const auditCount = async () =>
  Number((await h.db.selectFrom('auditEvent').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const screenByName = (name: string) => h.db.selectFrom('screen').selectAll().where('name', '=', name).executeTakeFirst();

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
  // Samples 7001…: 7001 twice (two stamps), 7002, 7003 once; 7004 never arrives.
  await h.db
    .insertInto('sample')
    .values([
      { sId: '7001', sStamp: '2026-09-01 06:00:00', name: 'old' },
      { sId: '7001', sStamp: '2026-09-02 06:00:00', name: 'old' },
      { sId: '7002', sStamp: '2026-09-01 07:00:00', name: null, weightNet: 25.5, weightBru: 26.125 },
      { sId: '7003', sStamp: '2026-09-01 08:00:00', name: 'keep' },
      { sId: '7009', sStamp: '2026-09-01 09:00:00', name: 'untouched' },
    ])
    .execute();
  await h.db
    .insertInto('analysis')
    .values([
      { aId: 900001, sId: '7002', sStamp: '2026-09-01 07:00:00', aFlags: '-----', pol: 17.4, nat: 1.05, dateIn: '2026-09-01 07:10:00', dateOut: '2026-09-01 07:20:00', lane: 2 },
      { aId: 900002, sId: '7002', sStamp: '2026-09-01 07:00:00', aFlags: '--H--', pol: 18.25, kal: 3.5, dateIn: '2026-09-01 08:10:00', dateOut: '2026-09-01 08:20:00', lane: 1 },
      { aId: 900003, sId: '7001', sStamp: '2026-09-02 06:00:00', aFlags: 'F----', pol: 16, glu: 0.5, dateIn: '2026-09-02 06:10:00', dateOut: null, lane: 0 },
    ])
    .execute();
});

describe('screen files', () => {
  const file = `${HEADER}\n100;7001;Grower 1\n100;7002;Grower 2\n100;7004;Grower 4\n200;7003;Trial B\n`;

  it('imports every screen of a file, with the newest stamp of each known sample', async () => {
    const res = await upload('screens.csv', file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; screens: { name: string; created: boolean; items: number; changedItems: number }[] }>();
    expect(body.message).toBe('File screens.csv was uploaded successfully!');
    expect(body.screens.map((s) => [s.name, s.created, s.items, s.changedItems])).toEqual([
      ['100', true, 3, 3],
      ['200', true, 1, 1],
    ]);
    const scr = await screenByName('100');
    const items = await h.db.selectFrom('screenItem').selectAll().where('scrId', '=', scr!.scrId).orderBy('sId').execute();
    expect(items.map((i) => [i.sId, i.sStamp, i.name])).toEqual([
      ['7001', '2026-09-02 06:00:00', 'Grower 1'],
      ['7002', '2026-09-01 07:00:00', 'Grower 2'],
      ['7004', null, 'Grower 4'],
    ]);
  });

  it('re-importing the same file changes nothing', async () => {
    const before = await auditCount();
    const items = await h.db.selectFrom('screenItem').selectAll().orderBy('sId').execute();
    const res = await upload('screens.csv', file);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ screens: { created: boolean; changedItems: number }[] }>().screens.every((s) => !s.created && s.changedItems === 0)).toBe(true);
    expect(await auditCount()).toBe(before);
    expect(await h.db.selectFrom('screenItem').selectAll().orderBy('sId').execute()).toEqual(items);
  });

  it('a bad line among 5,000 imports nothing and is named with why', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `300;${8_000_000 + i};Item ${i}`);
    lines[3120] = '300;80031x0;Item bad';
    const screensBefore = await h.db.selectFrom('screen').selectAll().execute();
    const res = await upload('big.csv', `${HEADER}\n${lines.join('\n')}\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Error occurred, file big.csv was not imported!',
      errors: ['Line 3122: SampleID must be 1 to 13 digits'],
    });
    expect(await h.db.selectFrom('screen').selectAll().execute()).toEqual(screensBefore);
    expect(await screenByName('300')).toBeUndefined();
  });

  it('names every bad line: numbers, names, field counts, duplicates and the header', async () => {
    const bad = [
      HEADER,
      '12345678901234;7001;too long a number',
      '400;7001;' + 'x'.repeat(41),
      '400;7002',
      '400;7003;ok',
      '400;7003;twice',
      '400;7005;tab\there',
    ].join('\n');
    const res = await upload('bad.txt', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: string[] }>().errors).toEqual([
      'Line 2: ScreenNumber must be 1 to 13 digits',
      'Line 3: ItemName must be at most 40 printable characters',
      'Line 4: A line must have 3 fields: ScreenNumber;SampleID;ItemName',
      'Line 6: SampleID is listed twice in this screen (first on line 5)',
      'Line 7: ItemName must be at most 40 printable characters',
    ]);
    const header = await upload('header.csv', 'Screen;Sample;Item\n1;2;3\n');
    expect(header.json<{ errors: string[] }>().errors).toEqual(['Line 1: The first line must be ScreenNumber;SampleID;ItemName']);
    expect(await screenByName('400')).toBeUndefined();
  });

  it('reads quotes as every import does (one CSV reader): a quoted name may hold ; and "", a line break ends where the record ends', async () => {
    const broken = await upload('quoted.csv', `${HEADER}\n600;7201;"Feld ""Nord""; Rand"\n600;7202;"two\nlines"\n600;7203;ok\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ errors: string[] }>().errors).toEqual(['Line 4: ItemName must be at most 40 printable characters']);
    expect(await screenByName('600')).toBeUndefined();
    const res = await upload('quoted.csv', `${HEADER}\n600;7201;"Feld ""Nord""; Rand"\n`);
    expect(res.statusCode).toBe(200);
    const scr = await screenByName('600');
    const items = await h.db.selectFrom('screenItem').select('name').where('scrId', '=', scr!.scrId).execute();
    expect(items).toEqual([{ name: 'Feld "Nord"; Rand' }]);
  });

  it('refuses readers (403), a missing file and other file types (400)', async () => {
    expect((await upload('screens.csv', file, reader)).statusCode).toBe(403);
    expect((await upload('screens.xlsx', file)).statusCode).toBe(400);
    const none = await h.request({ method: 'POST', url: '/api/screens/upload', token: admin });
    expect(none.statusCode).toBe(400);
  });

  it("the Analysis 'screens' exclusion follows imported screens", async () => {
    const sIds = async () =>
      (await get('/api/analysis/view?exclusion=screens&size=100').then((r) => r.json<{ analysis: { sample: { sampleId: { sId: string } } }[] }>()))
        .analysis.map((a) => a.sample.sampleId.sId);
    expect(await sIds()).toEqual([]);
    await h.db.deleteFrom('screenItem').where('sId', '=', '7002').execute();
    expect(await sIds()).toEqual(['7002', '7002']);
    expect((await upload('again.csv', `${HEADER}\n500;7002;Back\n`)).statusCode).toBe(200);
    expect(await sIds()).toEqual([]);
  });
});

describe('screens view, list and one screen', () => {
  it('pages, sorts and filters by screen number (starts with), rows exactly the schema', async () => {
    for (const n of ['1201', '1202', '1203', '1301']) await h.db.insertInto('screen').values({ name: n }).execute();
    const res = await get('/api/screens/view?filter=screenNumber,12&size=5&sort=name,desc');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ screens: Screen[]; totalItems: number; totalPages: number; currentPage: number }>();
    expect(body.screens.map((s) => s.name)).toEqual(['1203', '1202', '1201']);
    expect([body.totalItems, body.totalPages, body.currentPage]).toEqual([3, 1, 0]);
    expect(keyMismatches(z.array(screenSchema), body.screens)).toEqual([]);
    const page1 = await get('/api/screens/view?filter=screenNumber,1&size=5&page=1&sort=name,asc');
    expect(page1.json<{ currentPage: number; screens: Screen[] }>().currentPage).toBe(1);
    expect((await get('/api/screens/view?size=7')).statusCode).toBe(400);
    expect((await get('/api/screens/view?filter=bId,A1')).statusCode).toBe(400);
    expect((await get('/api/screens/view?sort=nope,asc')).statusCode).toBe(400);
    const list = await get('/api/screens');
    expect(list.statusCode).toBe(200);
    expect(keyMismatches(z.array(screenSchema), list.json<{ screens: unknown[] }>().screens)).toEqual([]);
  });

  it('answers one screen, 404 when missing, 400 for a bad id, 401 without a token', async () => {
    const scr = await screenByName('100');
    const one = await get(`/api/screens/${scr!.scrId}`);
    expect(one.json()).toEqual({ scrId: Number(scr!.scrId), name: '100', comment: null, dateCreated: scr!.dateCreated, version: 1 });
    expect((await get('/api/screens/99999999')).statusCode).toBe(404);
    expect((await get('/api/screens/abc')).statusCode).toBe(400);
    expect((await h.request({ method: 'GET', url: '/api/screens/view' })).statusCode).toBe(401);
  });

  it("pages a screen's items; stamps fill in once the sample arrives; 404 for a missing screen", async () => {
    const scr = await screenByName('100');
    const res = await get(`/api/screens/${scr!.scrId}/items?size=25`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ screenItems: z.infer<typeof screenItemSchema>[]; totalItems: number; totalPages: number }>();
    // 7002 went to screen 500 in the exclusion test.
    expect(body.totalItems).toBe(2);
    expect(body.screenItems.map((i) => [i.screenItemId.sId, i.sStamp, i.name])).toEqual([
      ['7001', '2026-09-02 06:00:00', 'Grower 1'],
      ['7004', null, 'Grower 4'],
    ]);
    expect(keyMismatches(z.array(screenItemSchema), body.screenItems)).toEqual([]);
    expect(Object.keys(body).sort()).toEqual(['screenItems', 'totalItems', 'totalPages']);
    await h.db.insertInto('sample').values({ sId: '7004', sStamp: '2026-09-05 06:00:00' }).execute();
    const later = await get(`/api/screens/${scr!.scrId}/items?sort=sStamp,desc`);
    expect(later.json<{ screenItems: { sStamp: string | null }[] }>().screenItems[0]!.sStamp).toBe('2026-09-05 06:00:00');
    expect((await get('/api/screens/99999999/items')).statusCode).toBe(404);
  });
});

describe('screen writes', () => {
  it('creates (201), refuses a taken number (409), a bad number (400) and readers (403)', async () => {
    const res = await h.request({ method: 'POST', url: '/api/screens', token: admin, payload: { name: '777', comment: 'Trial' } });
    expect(res.statusCode, res.body).toBe(201);
    const { scrId } = res.json<{ scrId: number }>();
    expect(res.json()).toEqual({ message: `scrId#${scrId} was created successfully!`, scrId });
    const again = await h.request({ method: 'POST', url: '/api/screens', token: admin, payload: { name: '777' } });
    expect(again.statusCode).toBe(409);
    const bad = await h.request({ method: 'POST', url: '/api/screens', token: admin, payload: { name: '77a' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: string[] }>().errors).toEqual(['ScreenNumber must be a Number and not longer as 13 digits']);
    expect((await h.request({ method: 'POST', url: '/api/screens', token: reader, payload: { name: '778' } })).statusCode).toBe(403);
    const events = await h.db.selectFrom('auditEvent').selectAll().where('entity', '=', 'screen').where('entityKey', '=', String(scrId)).execute();
    expect(events.map((e) => e.action)).toEqual(['create']);
  });

  it('updates with the version (200), 409 on a stale one, 404 when missing, 403 for readers', async () => {
    const scr = await screenByName('777');
    const url = `/api/screens/${scr!.scrId}`;
    const body = { name: '7770', comment: 'renamed', dateCreated: '2026-09-01 06:00:00', version: 1 };
    expect((await h.request({ method: 'PUT', url, token: reader, payload: body })).statusCode).toBe(403);
    const ok = await h.request({ method: 'PUT', url, token: admin, payload: body });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: `scrId#${scr!.scrId} was updated successfully!`, scrId: Number(scr!.scrId) });
    expect(await get(url).then((r) => r.json<Screen>())).toMatchObject({ name: '7770', comment: 'renamed', version: 2 });
    const stale = await h.request({ method: 'PUT', url, token: admin, payload: body });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: `Error occurred, scrId#${scr!.scrId} was not modified!`, errors: [CHANGED_MEANWHILE] });
    expect((await h.request({ method: 'PUT', url: '/api/screens/99999999', token: admin, payload: body })).statusCode).toBe(404);
  });

  it('deletes a screen with its items (200), 404 when missing, 403 for readers', async () => {
    const scr = await screenByName('200');
    const url = `/api/screens/${scr!.scrId}`;
    expect((await h.request({ method: 'DELETE', url, token: reader })).statusCode).toBe(403);
    const res = await h.request({ method: 'DELETE', url, token: admin });
    expect(res.statusCode).toBe(200);
    expect(await h.db.selectFrom('screenItem').selectAll().where('scrId', '=', scr!.scrId).execute()).toEqual([]);
    expect((await h.request({ method: 'DELETE', url, token: admin })).statusCode).toBe(404);
  });
});

describe('Transfer ScreenNames', () => {
  it("names exactly the listed samples (the item's stamp, or every stamp of the sId)", async () => {
    await upload('transfer.csv', `${HEADER}\n600;7001;North 1\n600;7003;keep\n600;7008;Not here\n`);
    const scr = await screenByName('600');
    // The item of 7001 has no stamp: every stamp of 7001 is named.
    await h.db.updateTable('screenItem').set({ sStamp: null }).where('scrId', '=', scr!.scrId).where('sId', '=', '7001').execute();
    const before = await h.db.selectFrom('sample').select(['sId', 'sStamp', 'name']).orderBy('sId').orderBy('sStamp').execute();
    expect((await h.request({ method: 'POST', url: `/api/screens/transfer/${scr!.scrId}`, token: reader })).statusCode).toBe(403);
    const res = await h.request({ method: 'POST', url: `/api/screens/transfer/${scr!.scrId}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `scrId#${scr!.scrId} was updated successfully!`, scrId: Number(scr!.scrId), changed: 2 });
    const after = await h.db.selectFrom('sample').select(['sId', 'sStamp', 'name']).orderBy('sId').orderBy('sStamp').execute();
    const changed = after.filter((a, i) => a.name !== before[i]!.name);
    expect(changed).toEqual([
      { sId: '7001', sStamp: '2026-09-01 06:00:00', name: 'North 1' },
      { sId: '7001', sStamp: '2026-09-02 06:00:00', name: 'North 1' },
    ]);
    const events = await h.db.selectFrom('auditEvent').selectAll().where('entity', '=', 'sample').where('entityKey', 'like', '7001|%').execute();
    expect(events).toHaveLength(2);
    const again = await h.request({ method: 'POST', url: `/api/screens/transfer/${scr!.scrId}`, token: admin });
    expect(again.json<{ changed: number }>().changed).toBe(0);
    expect((await h.request({ method: 'POST', url: '/api/screens/transfer/99999999', token: admin })).statusCode).toBe(404);
  });
});

describe('screen exports', () => {
  it('XLSX: the items with their latest analysis, for readers too', async () => {
    const scr = await screenByName('100');
    const res = await get(`/api/screens/${scr!.scrId}/export/xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="screen_100_\d{8}_\d{6}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows.map((r) => r.slice(1, 6))).toEqual([
      ['SampleID', 'SampleTime', 'ItemName', 'aId', 'Pol'],
      ['7001', '2026-09-02 06:00:00', 'Grower 1', 900003, 16],
      ['7004', '2026-09-05 06:00:00', 'Grower 4'],
    ]);
    expect((await get('/api/screens/99999999/export/xlsx')).statusCode).toBe(404);
    expect((await get(`/api/screens/${scr!.scrId}/export/csv`)).statusCode).toBe(400);
  });

  it('ZFT: the exact bytes of the fixture, flags set in the same transaction; nothing left answers 422', async () => {
    await upload('zft.csv', `${HEADER}\n900;7002;Z\n900;7001;Y\n`);
    const scr = await screenByName('900');
    const url = `/api/screens/${scr!.scrId}/export/zft`;
    expect((await get(url, reader)).statusCode).toBe(403);
    const res = await get(url, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(readFileSync(new URL('../../docs/examples/screen-export.zft', import.meta.url), 'latin1'));
    const flags = await h.db.selectFrom('analysis').select(['aId', 'aFlags', 'dateExported']).orderBy('aId').execute();
    expect(flags.map((f) => [Number(f.aId), f.aFlags, f.dateExported !== null])).toEqual([
      [900001, '-----', false],
      [900002, 'X-H--', true],
      [900003, 'X----', true],
    ]);
    const again = await get(url, admin);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: NO_DOWNLOAD });
  });
});
