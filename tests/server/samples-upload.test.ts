// POST /api/samples/upload: the CSV layout of docs/sample-import.md, all rows or none, line numbers
// in the errors, upsert by (sId, sStamp), audit per changed sample, 413 above 5 MB, file types.
import { COPY_TEXTS } from './support/copy-texts';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANE_MESSAGE, SFLAGS_MESSAGE, SID_MESSAGE } from '../../src/domain/messages';
import { MALFORMED } from '../../src/server/routes/samples/upload';
import { MAX_IMPORT_BYTES } from '../../src/server/services/samples-import';
import { useHarness } from './harness';

const h = useHarness();
let admin = '';
let reader = '';
const NO_TOKEN = '';

const EXAMPLE = new URL('../../docs/examples/samples-import.csv', import.meta.url);
const HEADER =
  'sId;sStamp;name;weightBru;weightTar;weightNet;quantity;distance;dateCrumbled;sFlags;lane;comment';

const BOUNDARY = '----labdesk-test-boundary';
const multipart = (fileName: string, content: string | Buffer, field = 'file'): Buffer =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

const upload = (fileName: string, content: string | Buffer, token: string = admin, field = 'file') =>
  h.request({
    method: 'POST',
    url: '/api/samples/upload',
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(fileName, content, field),
  });

const stored = (sId: string) =>
  h.db.selectFrom('sample').selectAll().where('sId', '=', sId).orderBy('sStamp').execute();
const count = async () =>
  Number(
    (
      await h.db
        .selectFrom('sample')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n,
  );
const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: string[] }>().errors;
const csv = (...lines: string[]) => lines.join('\n') + '\n';

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
});

describe('POST /api/samples/upload', () => {
  it('imports the documented example file', async () => {
    const res = await upload('samples-import.csv', readFileSync(EXAMPLE));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'File samples-import.csv was uploaded successfully!',
      total: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
    });
    expect(await stored('4006381333948')).toEqual([
      expect.objectContaining({
        sStamp: '2025-10-01 06:15:30',
        name: 'Maier KG',
        weightBru: 13.9,
        weightTar: 1.6,
        weightNet: 12.3,
        quantity: 17,
        distance: 8,
        dateCrumbled: '2025-10-01 07:32:10',
        sFlags: 'F----',
        lane: 2,
        comment: 'Erde anhaftend; nachgewogen',
      }),
    ]);
    expect(await stored('4006381333955')).toEqual([
      expect.objectContaining({ weightNet: null, quantity: null, sFlags: 'T----', lane: 0 }),
    ]);
    const events = await h.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('entity', '=', 'sample')
      .where('entityKey', '=', '4006381333931|2025-10-01 06:12:00')
      .execute();
    expect(events).toEqual([
      expect.objectContaining({
        action: 'create',
        actor: expect.stringMatching(/^admin/),
        before: null,
        after: expect.objectContaining({ weightNet: 12.5, name: 'Huber Josef' }),
      }),
    ]);
  });

  it('shows the example file in the help page unchanged', () => {
    const help = readFileSync(new URL('../../docs/sample-import.md', import.meta.url), 'utf8');
    expect(help).toContain('```csv\n' + readFileSync(EXAMPLE, 'utf8') + '```');
  });

  it('counts an identical file as unchanged and writes no audit', async () => {
    const audits = async () =>
      Number(
        (
          await h.db
            .selectFrom('auditEvent')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await audits();
    const res = await upload('again.csv', readFileSync(EXAMPLE));
    expect(res.json()).toMatchObject({ total: 3, created: 0, updated: 0, unchanged: 3 });
    expect(await audits()).toBe(before);
  });

  it('updates only the columns in the file and creates the rest, with CRLF, BOM and any column order', async () => {
    const text =
      '\uFEFF' +
      ['WEIGHTNET;sStamp;sId', '11,75;2025-10-01 06:12:00;4006381333931', '9.5;2025-10-02 06:00:00;500'].join(
        '\r\n',
      );
    const res = await upload('net.txt', text);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, created: 1, updated: 1, unchanged: 0 });
    expect(await stored('4006381333931')).toEqual([
      expect.objectContaining({
        weightNet: 11.75,
        weightBru: 14.25,
        name: 'Huber Josef',
        sFlags: 'F----',
        lane: 1,
      }),
    ]);
    expect(await stored('500')).toEqual([
      expect.objectContaining({ weightNet: 9.5, sFlags: '-----', lane: 1 }),
    ]);
    const [update] = await h.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('entityKey', '=', '4006381333931|2025-10-01 06:12:00')
      .where('action', '=', 'update')
      .execute();
    expect(update).toMatchObject({
      before: expect.objectContaining({ weightNet: 12.5 }),
      after: expect.objectContaining({ weightNet: 11.75 }),
    });
  });

  it('writes each audit event with the sample as it was and as it is, as the server reads them', async () => {
    const events = () =>
      h.db
        .selectFrom('auditEvent')
        .select(['entityKey', 'action', 'before', 'after'])
        .where('entity', '=', 'sample')
        .where('entityKey', 'like', '700_|%')
        .orderBy('id')
        .execute();
    const both = async () => [...(await stored('7001')), ...(await stored('7002'))];
    const first = csv(
      HEADER,
      '7001;2025-10-03 06:00:00;Audit A;13,905;1,605;12,3;17;8,25;2025-10-03 07:32:10;F----;2;eins',
      '7002;2025-10-03 06:00:01;;;;;;;;;0;',
    );
    expect((await upload('audit-a.csv', first)).json()).toMatchObject({ created: 2, updated: 0 });
    const created = await both();
    expect(await events()).toEqual(
      created.map((r) => ({ entityKey: `${r.sId}|${r.sStamp}`, action: 'create', before: null, after: r })),
    );
    // A value changed and one cleared, a value set; a third line as stored is no event.
    const second = csv('sId;sStamp;weightNet;comment', '7001;2025-10-03 06:00:00;12,25;', '7002;2025-10-03 06:00:01;;zwei');
    expect((await upload('audit-b.csv', second)).json()).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    const changed = await both();
    expect(changed.map((r) => [r.weightNet, r.comment, r.version])).toEqual([
      [12.25, null, 2],
      [null, 'zwei', 2],
    ]);
    expect((await events()).slice(2)).toEqual(
      changed.map((r, i) => ({ entityKey: `${r.sId}|${r.sStamp}`, action: 'update', before: created[i], after: r })),
    );
    // Stored as the same JSON text as an event written from the row the server read (12.3, not 12.300).
    const texts = await sql<{ after: string }>`select after::text as after from audit_event
      where entity = 'sample' and entity_key like '700_|%' order by id`.execute(h.db);
    const expected = await sql<{ after: string }>`select r::jsonb::text as after
      from unnest(${[...created, ...changed].map((r) => JSON.stringify(r))}::text[]) as r`.execute(h.db);
    expect(texts.rows).toEqual(expected.rows);
  });

  it('texts arrive as written, whatever the staging COPY would make of them', async () => {
    // The rows are staged as CSV (db/copy-csv.ts csvField); an empty cell is null.
    const cells: (readonly [string, string | null])[] = [...COPY_TEXTS, ['', null]];
    const rows = cells.map(([cell], i) => `77000000000${i};2026-10-02 06:00:00;${cell};${cell}`);
    const res = await upload('texts.csv', csv('sId;sStamp;name;comment', ...rows));
    expect(res.statusCode, res.body).toBe(200);
    const texts = await h.db
      .selectFrom('sample')
      .select(['name', 'comment'])
      .where('sId', 'like', '77000000000%')
      .orderBy('sId')
      .execute();
    expect(texts).toEqual(cells.map(([, text]) => ({ name: text, comment: text })));
  });

  it('reads a Windows-1252 file and a comma-separated one', async () => {
    const latin = Buffer.from('sId;sStamp;name\n501;2025-10-02 06:00:00;Müller Hof\n', 'latin1');
    expect((await upload('latin.csv', latin)).statusCode).toBe(200);
    expect((await stored('501'))[0]?.name).toBe('Müller Hof');
    // € and „ are the bytes 0x80 and 0x84 in Windows-1252 (Latin-1 has control characters there).
    const euro = Buffer.concat([
      Buffer.from('sId;sStamp;name\n503;2025-10-02 06:00:00;', 'latin1'),
      Buffer.from([0x84, 0x42, 0x80, 0x93, 0x0a]),
    ]);
    expect((await upload('euro.csv', euro)).statusCode).toBe(200);
    expect((await stored('503'))[0]?.name).toBe('„B€“');
    expect(
      (await upload('comma.csv', csv('sId,sStamp,weightNet', '502,2025-10-02 06:00:00,"7,5"'))).statusCode,
    ).toBe(200);
    expect((await stored('502'))[0]?.weightNet).toBe(7.5);
  });

  it('imports nothing when any line is wrong, and lists every wrong line with its number', async () => {
    const before = await count();
    const res = await upload(
      'bad.csv',
      csv(
        HEADER,
        '600;2025-10-03 06:00:00;good;14;1;13;10;5;;F----;1;',
        '601;2025-10-03 06:00:00;lane;14;1;13;10;5;;F----;7;',
        '',
        '12345678901234;2025-10-03 06:00:00;long id;14;1;13;10;5;;F----;1;',
        '603;2025-10-03 06:00:00;heavy;14;1;60;10;5;;Q----;1;',
        '604;2025-10-03 25:00:00;time;14;1;13;10;5;;F----;1;',
        '605;2025-10-03 06:00:00;short;14',
        '600;2025-10-03 06:00:00;twice;14;1;13;10;5;;F----;1;',
        '606;2025-10-03 06:00:00;thousands;1.250,5;1;13;10;5;;F----;1;',
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Error occurred, file bad.csv was not imported!',
      errors: [
        `Line 3: ${LANE_MESSAGE}`,
        `Line 5: ${SID_MESSAGE}`,
        `Line 6: ${SFLAGS_MESSAGE}`,
        'Line 6: weightNet has to be between 0 and 50',
        'Line 7: Only Datetime is allowed, e.g. 2000-01-01 00:00:00',
        'Line 8: expected 12 values, found 4',
        'Line 9: sample 600|2025-10-03 06:00:00 is already on line 2',
        'Line 10: weightBru has to be between 0 and 999999.999',
      ],
    });
    expect(await count()).toBe(before);
    expect(await stored('600')).toEqual([]);
  });

  it.each([
    [
      'an unknown column',
      csv('sId;sStamp;colour', '1;2025-10-01 06:00:00;red'),
      ['Line 1: unknown column "colour"'],
    ],
    ['no sStamp column', csv('sId;name', '1;x'), ['Line 1: column sStamp is missing']],
    [
      'a column twice',
      csv('sId;sStamp;sId', '1;2025-10-01 06:00:00;1'),
      ['Line 1: column sId appears twice'],
    ],
    ['only a header', csv(HEADER), ['Line 1: the file holds no samples']],
    ['an empty file', '', ['Line 1: the file has no header']],
    [
      'an unclosed quote',
      csv('sId;sStamp;name', '1;2025-10-01 06:00:00;"open'),
      ['Line 2: the file is not valid CSV'],
    ],
  ])('refuses a file with %s', async (_name, text, errors) => {
    const res = await upload('shape.csv', text);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Error occurred, file shape.csv was not imported!', errors });
  });

  it('lists at most 100 wrong lines', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => `${700 + i};2025-10-03 06:00:00;9`);
    const res = await upload('many.csv', csv('sId;sStamp;lane', ...lines));
    const errors = errorsOf(res);
    expect(errors).toHaveLength(101);
    expect(errors[0]).toBe(`Line 2: ${LANE_MESSAGE}`);
    expect(errors[100]).toBe('… and 50 more errors');
  });

  it('refuses other file types with the file message', async () => {
    const res = await upload('samples.xlsx', 'PK\u0003\u0004');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Error occurred, file samples.xlsx was not imported!',
      errors: ['Only .csv and .txt files can be imported'],
    });
  });

  it('answers 413 for a file above 5 MB and imports nothing', async () => {
    const before = await count();
    const line = '900;2025-10-04 06:00:00;' + 'x'.repeat(40) + '\n';
    const big = 'sId;sStamp;comment\n' + line.repeat(Math.ceil(MAX_IMPORT_BYTES / line.length) + 1);
    const res = await upload('big.csv', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Error occurred, file big.csv was not imported!',
      errors: ['The file is larger than 5 MB'],
    });
    expect(await count()).toBe(before);
  });

  it('answers 400 without a file in the field "file"', async () => {
    const res = await upload('a.csv', csv('sId;sStamp', '1;2025-10-01 06:00:00'), admin, 'upload');
    expect(res.statusCode).toBe(400);
    const json = await h.request({
      method: 'POST',
      url: '/api/samples/upload',
      token: admin,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'garbage'],
    [
      'cut off',
      `multipart/form-data; boundary=${BOUNDARY}`,
      multipart('cut.csv', 'sId;sStamp\n1;2025').subarray(0, -20),
    ],
  ])('answers 400 for a multipart body %s', async (_name, contentType, payload) => {
    const res = await h.request({
      method: 'POST',
      url: '/api/samples/upload',
      token: admin,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([MALFORMED]);
  });

  it('answers 401 without a token', async () => {
    expect((await upload('a.csv', csv('sId;sStamp', '1;2025-10-01 06:00:00'), NO_TOKEN)).statusCode).toBe(
      401,
    );
  });

  it('should not upload samples as a reader', async () => {
    const res = await upload('a.csv', csv('sId;sStamp', '950;2025-10-01 06:00:00'), reader);
    expect(res.statusCode).toBe(403);
    expect(await stored('950')).toEqual([]);
  });
});
