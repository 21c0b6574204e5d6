// Export quotas (issue 29 item 8 of the probe, item 7 of the delivery): a person's running export
// jobs and the bytes of their files waiting for download are bounded (503, the spec's busy message,
// the reason in `errors`), and a file nobody downloads expires after LAB_EXPORT_RETENTION (2 h by
// default, it was 24 h). PGlite and, with DATABASE_URL, PostgreSQL.
import { existsSync, utimesSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_QUOTA, SERVER_BUSY } from '../../src/domain/messages';
import { ConfigError, DEFAULT_EXPORT_LIMITS, loadConfig } from '../../src/server/config';
import { exportDataDir, waitForExport } from './exports.fixture';
import { useHarness } from './harness';
import { seedViews } from './views.fixture';

const dataDir = exportDataDir();
const READER = 'quota.reader@test.lab';
const h = useHarness({ config: { dataDir } });
let reader: string;
let other: string;

beforeAll(async () => {
  await seedViews(h.db, 30, 7);
  await h.addUser(READER, 'ROLE_READER');
  reader = await h.signIn(READER);
  other = await h.tokenFor('ROLE_READER');
});

afterEach(async () => {
  const jobs = h.app.exportJobs;
  jobs.hooks = {};
  jobs.limits = { ...h.config.exports };
  await expect.poll(() => jobs.runningCount).toBe(0);
});

const start = (token: string, type = 'csv', resource = 'analysis') =>
  h.request({ method: 'GET', url: `/api/${resource}/export/${type}`, token });
const download = (token: string, file: string, type = 'csv') =>
  h.request({ method: 'GET', url: `/api/export/download/${type}?file=${encodeURIComponent(file)}`, token });

describe('export quota per user', () => {
  it('one running export per user: a second start of the same person is refused, another person starts', async () => {
    const jobs = h.app.exportJobs;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    jobs.hooks = { afterChunk: () => gate };
    jobs.chunk = 5;
    try {
      const first = await start(reader);
      expect(first.statusCode).toBe(200);
      const second = await start(reader, 'xlsx', 'samples');
      expect(second.statusCode).toBe(503);
      expect(second.json()).toEqual({ message: SERVER_BUSY, errors: [EXPORT_QUOTA.running(1)] });
      const theirs = await start(other);
      expect(theirs.statusCode).toBe(200);
      release();
      expect((await waitForExport(h, reader, 'csv', first.body)).statusCode).toBe(200);
      expect((await waitForExport(h, other, 'csv', theirs.body)).statusCode).toBe(200);
      expect((await download(reader, first.body)).statusCode).toBe(200);
      expect((await download(other, theirs.body)).statusCode).toBe(200);
    } finally {
      release();
      jobs.chunk = 1000;
    }
  });

  it('files waiting for download count against the quota; downloading frees it', async () => {
    const jobs = h.app.exportJobs;
    jobs.limits = { ...jobs.limits, storedBytesPerUser: 100 };
    const first = await start(reader);
    expect(first.statusCode).toBe(200);
    expect((await waitForExport(h, reader, 'csv', first.body)).statusCode).toBe(200);
    expect(await jobs.storedBytesOf(READER)).toBeGreaterThan(100);
    const refused = await start(reader, 'xlsx');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: SERVER_BUSY, errors: [EXPORT_QUOTA.stored(100)] });
    // Someone else's files are not this person's.
    const theirs = await start(other);
    expect(theirs.statusCode).toBe(200);
    expect((await waitForExport(h, other, 'csv', theirs.body)).statusCode).toBe(200);
    expect((await download(reader, first.body)).statusCode).toBe(200);
    await expect.poll(async () => (await start(reader)).statusCode).toBe(200);
  });
});

describe('undownloaded files expire', () => {
  it('by default a file nobody downloaded is gone after 2 hours (was 24), its job with it', async () => {
    expect(h.config.exports.retentionMs).toBe(2 * 3600 * 1000);
    const jobs = h.app.exportJobs;
    const res = await start(other);
    expect(res.statusCode).toBe(200);
    const file = res.body;
    expect((await waitForExport(h, other, 'csv', file)).statusCode).toBe(200);
    // Written three hours ago.
    const then = new Date(Date.now() - 3 * 3600 * 1000);
    utimesSync(jobs.finalPath(file), then, then);
    await h.db
      .updateTable('exportJob')
      .set({ createdAt: sql<string>`localtimestamp(0) - interval '3 hours'` })
      .where('fileName', '=', file)
      .execute();
    // A younger one stays.
    const young = await start(other, 'xlsx');
    expect((await waitForExport(h, other, 'xlsx', young.body)).statusCode).toBe(200);
    await jobs.cleanup();
    expect(existsSync(jobs.finalPath(file))).toBe(false);
    expect((await waitForExport(h, other, 'csv', file, 100).catch(() => 'gone'))).toBe('gone');
    expect((await download(other, file)).statusCode).toBe(404);
    expect(existsSync(jobs.finalPath(young.body))).toBe(true);
    expect((await download(other, young.body, 'xlsx')).statusCode).toBe(200);
  });

  it('a running job is never removed, however long it runs', async () => {
    const jobs = h.app.exportJobs;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    jobs.hooks = { afterChunk: () => gate };
    jobs.chunk = 5;
    try {
      const res = await start(reader);
      expect(res.statusCode).toBe(200);
      await h.db
        .updateTable('exportJob')
        .set({ createdAt: sql<string>`localtimestamp(0) - interval '30 hours'` })
        .where('fileName', '=', res.body)
        .execute();
      await jobs.cleanup();
      release();
      expect((await waitForExport(h, reader, 'csv', res.body)).statusCode).toBe(200);
      expect((await download(reader, res.body)).statusCode).toBe(200);
    } finally {
      release();
      jobs.chunk = 1000;
    }
  });
});

describe('configuration', () => {
  const env = (extra: Record<string, string>) => ({ LAB_JWT_SECRET: 'x'.repeat(40), LAB_DATA_DIR: dataDir, ...extra });
  it('reads LAB_EXPORT_RETENTION, LAB_EXPORT_JOBS_PER_USER and LAB_EXPORT_QUOTA_MB', () => {
    expect(loadConfig(env({})).exports).toEqual(DEFAULT_EXPORT_LIMITS);
    expect(
      loadConfig(env({ LAB_EXPORT_RETENTION: '30m', LAB_EXPORT_JOBS_PER_USER: '2', LAB_EXPORT_QUOTA_MB: '50' })).exports,
    ).toEqual({ retentionMs: 30 * 60 * 1000, runningPerUser: 2, storedBytesPerUser: 50 * 1024 * 1024 });
  });

  it.each([
    ['LAB_EXPORT_RETENTION', 'soon'],
    ['LAB_EXPORT_JOBS_PER_USER', '0'],
    ['LAB_EXPORT_JOBS_PER_USER', '1.5'],
    ['LAB_EXPORT_QUOTA_MB', '-1'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig(env({ [name]: value }))).toThrow(ConfigError);
  });
});
