// CSV, XLSX and PDF exports through the API on the views fixture: each file is parsed back and its
// rows, columns and order compared with the reference of views.fixture.ts; ownership, the job
// states, the busy answer, cleanup of downloaded files. PGlite and, with DATABASE_URL, PostgreSQL.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_DOWNLOAD, SERVER_BUSY } from '../../src/domain/messages';
import { decimalText } from '../../src/server/exports/formats';
import { PDF_ROW_CAP } from '../../src/server/exports/pdf-table';
import { exportAndDownload, exportDataDir, waitForExport } from './exports.fixture';
import { useHarness } from './harness';
import {
  expectedAnalyses,
  expectedSamples,
  qs,
  seedViews,
  sortBy,
  type Fixture,
  type FxAnalysis,
} from './views.fixture';

const dataDir = exportDataDir();
const h = useHarness({ config: { dataDir } });
let fx: Fixture;
let reader: string;

beforeAll(async () => {
  fx = await seedViews(h.db);
  reader = await h.tokenFor('ROLE_READER');
});

const newestFirst = (rows: FxAnalysis[]) => sortBy(rows, [[(a) => a.aId, 'desc']]);
const dec = (v: number | null) => (v === null ? '' : decimalText(v));

describe('CSV export', () => {
  it('holds exactly the filtered rows, the requested columns in order, de-AT formatted', async () => {
    const filter = ['sId,601~', 'lane,2'];
    const attributes = 'aId,sample.sampleId.sId,pol,dateIn,aFlags,comment';
    const { body, download, file } = await exportAndDownload(
      h,
      reader,
      'analysis',
      'csv',
      qs({ filter, attributes }),
    );
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    expect(download.headers['content-type']).toContain('text/csv');
    // UTF-8 BOM, CRLF, ';'.
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe('aId;SampleID;Pol;DateIn;aFlags;Comment');
    const rows = parse(text, { delimiter: ';', record_delimiter: '\r\n', from_line: 2 }) as string[][];
    const expected = newestFirst(expectedAnalyses(fx, { filter }));
    expect(expected.length).toBeGreaterThan(3);
    expect(rows).toEqual(
      expected.map((a) => [
        String(a.aId),
        a.sId,
        dec(a.pol),
        a.dateIn,
        a.aFlags.startsWith('-') ? `'${a.aFlags}` : a.aFlags,
        a.comment ?? '',
      ]),
    );
  });

  it('follows the sort and takes the column aliases of the table', async () => {
    const { body } = await exportAndDownload(
      h,
      reader,
      'analysis',
      'csv',
      qs({ sort: 'pol,asc', attributes: 'aId,sId,name,boxPos' }),
    );
    const rows = parse(body.toString('utf8').slice(1), { delimiter: ';', from_line: 2 }) as string[][];
    const expected = sortBy(fx.analyses, [
      [(a) => a.pol, 'asc'],
      [(a) => a.aId, 'desc'],
    ]);
    expect(rows.map((r) => Number(r[0]))).toEqual(expected.map((a) => a.aId));
  });

  it('exports samples with every column when no attributes are given', async () => {
    const filter = ['sId,602~'];
    const { body } = await exportAndDownload(h, reader, 'samples', 'csv', qs({ filter }));
    const rows = parse(body.toString('utf8').slice(1), { delimiter: ';', columns: true }) as Record<
      string,
      string
    >[];
    const expected = sortBy(expectedSamples(fx, { filter }), [
      [(s) => s.sStamp, 'desc'],
      [(s) => s.sId, 'desc'],
    ]);
    expect(rows.map((r) => r['ID'])).toEqual(expected.map((s) => `${s.sId}|${s.sStamp}`));
    expect(Object.keys(rows[0]!)).toHaveLength(15);
    const first = expected[0]!;
    expect(rows[0]!['WeightTar']).toBe(dec(first.weightTar));
    expect(rows[0]!['BoxPos']).toBe(first.boxPos ?? '');
  });
});

describe('XLSX export', () => {
  it('holds exactly the filtered rows; numbers as numbers, lab times as their text', async () => {
    const filter = ['sId,611~'];
    const { body, download } = await exportAndDownload(
      h,
      reader,
      'analysis',
      'xlsx',
      qs({ filter, exclusion: 'test', attributes: 'aId,pol,dateOut,comment' }),
    );
    expect(download.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Analysis')!;
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(['aId', 'Pol', 'DateOut', 'Comment']);
    const expected = newestFirst(expectedAnalyses(fx, { filter, exclusion: ['test'] }));
    expect(values.slice(1).map((r) => r[0])).toEqual(expected.map((a) => a.aId));
    const a = expected.find((x) => x.pol !== null)!;
    const row = values.find((r) => r[0] === a.aId)!;
    expect(row[1]).toBe(a.pol);
    expect(row[2]).toBe(a.dateOut);
  });
});

describe('jobs', () => {
  it('lets only the owner check and download; the file is gone after the download', async () => {
    const start = await h.request({
      method: 'GET',
      url: '/api/analysis/export/csv?attributes=aId',
      token: reader,
    });
    expect(start.statusCode).toBe(200);
    const file = start.body;
    expect(file).toMatch(/^analysis_\d{8}_\d{6}_[0-9a-f]{8}\.csv$/);
    expect((await waitForExport(h, reader, 'csv', file)).statusCode).toBe(200);
    const other = await h.tokenFor('ROLE_ADMIN');
    const url = (kind: string) => `/api/export/${kind}/csv?file=${file}`;
    expect((await h.request({ method: 'GET', url: url('check'), token: other })).statusCode).toBe(404);
    expect((await h.request({ method: 'GET', url: url('download'), token: other })).statusCode).toBe(404);
    expect((await h.request({ method: 'GET', url: url('download'), token: undefined })).statusCode).toBe(401);
    // The wrong type for the file is as unknown as a wrong name.
    expect(
      (await h.request({ method: 'GET', url: `/api/export/download/xlsx?file=${file}`, token: reader }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await h.request({
          method: 'GET',
          url: '/api/export/download/csv?file=../../etc/passwd',
          token: reader,
        })
      ).statusCode,
    ).toBe(404);

    const last = await h.request({ method: 'GET', url: '/api/analysis/exportfilename', token: reader });
    expect(last.body).toBe(file);
    expect((await h.request({ method: 'GET', url: url('download'), token: reader })).statusCode).toBe(200);
    await expect.poll(() => existsSync(join(dataDir, 'exports', file))).toBe(false);
    await expect
      .poll(async () => (await h.request({ method: 'GET', url: url('check'), token: reader })).statusCode)
      .toBe(404);
    expect((await h.request({ method: 'GET', url: url('download'), token: reader })).statusCode).toBe(404);
    await expect
      .poll(
        async () =>
          (await h.request({ method: 'GET', url: '/api/analysis/exportfilename', token: reader })).statusCode,
      )
      .toBe(204);
  });

  it('fails an export without rows with the spec message', async () => {
    const start = await h.request({
      method: 'GET',
      url: `/api/analysis/export/csv${qs({ filter: 'sId,999~' })}`,
      token: reader,
    });
    expect(start.statusCode).toBe(200);
    const check = await waitForExport(h, reader, 'csv', start.body);
    expect(check.statusCode).toBe(422);
    expect(check.json()).toEqual({ message: NO_DOWNLOAD });
    expect(readdirSync(join(dataDir, 'exports')).filter((n) => n.includes(start.body))).toEqual([]);
  });

  it('answers 503 with the spec message while too many exports run', async () => {
    const jobs = h.app.exportJobs;
    const limit = jobs.maxRunning;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    jobs.maxRunning = 1;
    jobs.hooks = { afterChunk: () => gate };
    try {
      const first = await h.request({ method: 'GET', url: '/api/analysis/export/csv', token: reader });
      expect(first.statusCode).toBe(200);
      const second = await h.request({ method: 'GET', url: '/api/samples/export/xlsx', token: reader });
      expect(second.statusCode).toBe(503);
      expect(second.json()).toEqual({ message: SERVER_BUSY });
      release();
      expect((await waitForExport(h, reader, 'csv', first.body)).statusCode).toBe(200);
    } finally {
      jobs.maxRunning = limit;
      jobs.hooks = {};
      release();
    }
  });

  it('gives way between chunks while another request is in flight, and goes on when it ends', async () => {
    const jobs = h.app.exportJobs;
    const chunk = jobs.chunk;
    const chunks: number[] = [];
    jobs.chunk = 2;
    jobs.hooks = { afterChunk: (n) => void chunks.push(n) };
    // A view in flight (as the onRequest hook reports it) for the whole of the first 100 ms.
    const view = {};
    jobs.requestStarted(view);
    let ended = false;
    try {
      const start = await h.request({
        method: 'GET',
        url: '/api/analysis/export/csv?attributes=aId',
        token: reader,
      });
      expect(start.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      // At most the chunk that was written before the job first gave way.
      expect(chunks.length).toBeLessThanOrEqual(1);
      jobs.requestEnded(view);
      ended = true;
      expect((await waitForExport(h, reader, 'csv', start.body)).statusCode).toBe(200);
      expect(chunks.length).toBeGreaterThan(2);
    } finally {
      if (!ended) jobs.requestEnded(view);
      jobs.chunk = chunk;
      jobs.hooks = {};
    }
  });

  it('rejects unknown attributes, bad filters, and SAP/ZFT of samples with 400', async () => {
    const bad = await h.request({
      method: 'GET',
      url: '/api/analysis/export/csv?attributes=aId,password',
      token: reader,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Unknown export attribute 'password'");
    expect(
      (await h.request({ method: 'GET', url: '/api/analysis/export/csv?filter=nope,1', token: reader }))
        .statusCode,
    ).toBe(400);
    const admin = await h.tokenFor('ROLE_ADMIN');
    expect(
      (await h.request({ method: 'GET', url: '/api/samples/export/sap', token: admin })).statusCode,
    ).toBe(400);
    expect(
      (await h.request({ method: 'GET', url: '/api/analysis/export/doc', token: reader })).statusCode,
    ).toBe(400);
  });
});

describe('PDF export', () => {
  it('answers a landscape PDF of the filtered rows with the file name', async () => {
    const res = await h.request({
      method: 'GET',
      url: `/api/analysis/export/pdf${qs({ filter: 'sId,601~', attributes: 'aId,sId,pol,nat,comment' })}`,
      token: reader,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="analysis_\d{8}_\d{6}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 landscape media box.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
  });

  it('answers samples too', async () => {
    const res = await h.request({ method: 'GET', url: '/api/samples/export/pdf', token: reader });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="samples_/);
  });

  it(`refuses more than ${PDF_ROW_CAP} rows with 400`, async () => {
    const { sql } = await import('kysely');
    // Enough analyses of one sample to pass the cap; removed again afterwards.
    const s = fx.samples[0]!;
    await sql`insert into analysis (s_id, s_stamp, a_flags, comment)
      select ${s.sId}, ${s.sStamp}::timestamp, '-----', 'pdf-cap' from generate_series(1, ${PDF_ROW_CAP})`.execute(
      h.db,
    );
    try {
      const res = await h.request({ method: 'GET', url: '/api/analysis/export/pdf', token: reader });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`limited to ${PDF_ROW_CAP} rows`);
    } finally {
      await sql`delete from analysis where comment = 'pdf-cap'`.execute(h.db);
    }
  });
});
