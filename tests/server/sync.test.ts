// The instrument sync (docs/dev/architecture.md#domain-decisions Synchronization) through its routes and its service, on the
// test database (PGlite, or PostgreSQL with DATABASE_URL): each kind imports its example file from
// docs/examples/sync as it is; the same file twice changes nothing; a bad line refuses the whole file
// into failed/ with a reason naming the line; status, lastSync, run log and hardware-log lines; the
// schedule routes; and a batch of limit updates where one row fails.
import { COPY_TEXTS } from './support/copy-texts';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limit } from '../../src/domain/entities/limit';
import type { SyncEntry, SyncId } from '../../src/domain/entities/syncEntry';
import { latestRunWaiting } from '../../src/domain/sync';
import { tryWithAdvisoryLock } from '../../src/server/db/advisory-lock';
import { useHarness } from './harness';

const source = mkdtempSync(join(tmpdir(), 'labdesk-sync-'));
const h = useHarness({ config: { syncSource: source }, sync: { settleMs: 0 } });
let admin = '';
let reader = '';

const EXAMPLES = join(import.meta.dirname, '../../docs/examples/sync');
const exampleOf = (kind: string) => {
  const name = readdirSync(join(EXAMPLES, kind)).find((f) => f.endsWith('.csv'))!;
  return { name, path: join(EXAMPLES, kind, name) };
};
const folder = (id: SyncId) => join(source, id.toLowerCase());
const drop = (id: SyncId, name: string, text: string) => {
  mkdirSync(folder(id), { recursive: true });
  writeFileSync(join(folder(id), name), text);
};
/** Starts a run through the service and waits for its end. */
const run = async (id: SyncId) => {
  const { started, done } = await h.app.sync.start(id);
  expect(started).toBe(true);
  const outcome = await done;
  if (!outcome.ran) throw new Error('did not run');
  return outcome.run;
};
const entry = async (id: SyncId): Promise<SyncEntry> =>
  (await h.request({ method: 'GET', url: '/api/config/sync', token: reader }))
    .json<{ sync: SyncEntry[] }>()
    .sync.find((e) => e.syncID === id)!;
const count = async (table: 'analysis' | 'sample' | 'box' | 'boxPosition' | 'hwLog') =>
  Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
});
afterAll(() => rmSync(source, { recursive: true, force: true }));

describe('sync routes', () => {
  it('lists the four entries in order, UNKNOWN and 10 MINUTES at first', async () => {
    const res = await h.request({ method: 'GET', url: '/api/config/sync', token: reader });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ sync: SyncEntry[] }>().sync).toEqual(
      ['Analysis', 'Sample', 'Box', 'Log'].map((syncID) => ({
        syncID,
        status: 'UNKNOWN',
        lastSync: null,
        timeInterval: 10,
        unit: 'MINUTES',
        version: 1,
      })),
    );
  });

  it('names the data source folder per entry as text: the server paths to admins only', async () => {
    const res = await h.request({ method: 'GET', url: '/api/config/sync/datasource', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain(join(source, 'analysis'));
    const read = await h.request({ method: 'GET', url: '/api/config/sync/datasource', token: reader });
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain('Analysis: analysis/');
    expect(read.body).not.toContain(source);
    expect(read.body).not.toMatch(/\/(tmp|srv|home|var)\//);
  });

  it('changes the interval (admin only, audited); a reader gets 403; an unknown entry 400', async () => {
    const body = { syncID: 'Log', status: 'UNKNOWN', lastSync: null, timeInterval: 45, unit: 'MINUTES', version: 1 };
    const denied = await h.request({ method: 'PUT', url: '/api/config/sync/Log', token: reader, payload: body });
    expect(denied.statusCode).toBe(403);
    const res = await h.request({ method: 'PUT', url: '/api/config/sync/Log', token: admin, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json<SyncEntry>()).toMatchObject({ syncID: 'Log', timeInterval: 45, unit: 'MINUTES' });
    const audit = await h.db.selectFrom('auditEvent').selectAll().where('entity', '=', 'syncConfig').execute();
    expect(audit).toHaveLength(1);
    const zero = await h.request({
      method: 'PUT',
      url: '/api/config/sync/Log',
      token: admin,
      payload: { ...body, timeInterval: 0, version: 2 },
    });
    expect(zero.statusCode).toBe(400);
    const unknown = await h.request({ method: 'GET', url: '/api/config/sync/Printer', token: admin });
    expect(unknown.statusCode).toBe(400);
  });

  it('a start while a run of the entry goes on elsewhere joins it: 200 with the entry, no second run', async () => {
    const runs = async () => (await h.db.selectFrom('syncRun').select('id').where('syncId', '=', 'Sample').execute()).length;
    const before = await runs();
    const res = await tryWithAdvisoryLock(h.db, 'syncSample', () =>
      h.request({ method: 'GET', url: '/api/config/sync/Sample', token: reader }),
    );
    expect(res.ran).toBe(true);
    if (!res.ran) return;
    expect(res.value.statusCode).toBe(200);
    expect(res.value.json<SyncEntry>().syncID).toBe('Sample');
    expect(await runs()).toBe(before);
  });

  it('100 starts at once are one run', async () => {
    const runs = async () => (await h.db.selectFrom('syncRun').select('id').where('syncId', '=', 'Box').execute()).length;
    const before = await runs();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => h.request({ method: 'GET', url: '/api/config/sync/Box', token: reader })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 100 }, () => 200));
    while ((await entry('Box')).status === 'RUNNING') await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await runs()).toBe(before + 1);
  });
});

describe('each kind imports its example file as it is', () => {
  it('sample: three samples with their weights and flags', async () => {
    const { name, path } = exampleOf('sample');
    mkdirSync(folder('Sample'), { recursive: true });
    copyFileSync(path, join(folder('Sample'), name));
    const summary = await run('Sample');
    expect(summary).toMatchObject({ status: 'DONE', filesDone: 1, filesFailed: 0, rowsImported: 3 });
    const test = await h.db.selectFrom('sample').selectAll().where('sId', '=', '100000000031').executeTakeFirstOrThrow();
    expect(test).toMatchObject({ name: 'Test beet', weightNet: 27, sFlags: 'T----', lane: 1, comment: 'test sample' });
    expect(existsSync(join(folder('Sample'), 'done', name))).toBe(true);
    expect(existsSync(join(folder('Sample'), name))).toBe(false);
    const e = await entry('Sample');
    expect(e.status).toBe('DONE');
    expect(e.lastSync).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('analysis: values kept as measured and flagged L/H from the limits', async () => {
    const { name, path } = exampleOf('analysis');
    mkdirSync(folder('Analysis'), { recursive: true });
    copyFileSync(path, join(folder('Analysis'), name));
    const summary = await run('Analysis');
    expect(summary).toMatchObject({ status: 'DONE', filesDone: 1, rowsImported: 3 });
    const rows = await h.db.selectFrom('analysis').selectAll().orderBy('sId').execute();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ sId: '100000000017', pol: 17.42, aFlags: '-------', dateIn: '2026-10-01 07:02:11' });
    // pol 26.10 above 25 and nat 5.60 above 5: positions 2 (pol) and 4 (nat) of pol, kal, nat, an, glu, dry.
    expect(rows[2]).toMatchObject({ pol: 26.1, nat: 5.6, aFlags: '-H-H---', comment: 'pol and nat out of range: flagged H' });
    const view = await h.request({ method: 'GET', url: '/api/analysis/view?size=50', token: reader });
    expect(view.json<{ totalItems: number }>().totalItems).toBe(3);
  });

  it('analysis: comments arrive as written, whatever the staging COPY would make of them', async () => {
    // The lines are staged as CSV (db/copy-csv.ts csvField); the empty cell of the last line is null.
    const cells = COPY_TEXTS;
    const comments = cells.map(([, comment]) => comment);
    const header = 'sId;sStamp;dateIn;pol;comment\n';
    const lines = cells.map(([cell], i) => `30000000000${i};2026-10-02 06:00:00;2026-10-02 07:00:00;17,5;${cell}`);
    drop('Analysis', 'comments.csv', `${header}${lines.join('\n')}\n300000000009;2026-10-02 06:00:00;2026-10-02 07:00:00;17,5;\n`);
    const outcome = await run('Analysis');
    expect(outcome, outcome.log.join('\n')).toMatchObject({ status: 'DONE', rowsImported: comments.length + 1 });
    const rows = await h.db.selectFrom('analysis').select(['sId', 'comment']).where('sId', 'like', '30000000000%').orderBy('sId').execute();
    expect(rows.map((r) => r.comment)).toEqual([...comments, null]);
  });

  it('box: a box with two positions and an empty box', async () => {
    const { name, path } = exampleOf('box');
    mkdirSync(folder('Box'), { recursive: true });
    copyFileSync(path, join(folder('Box'), name));
    expect(await run('Box')).toMatchObject({ status: 'DONE', filesDone: 1 });
    expect(await h.db.selectFrom('box').select(['bId', 'numMax', 'type']).orderBy('bId').execute()).toEqual([
      { bId: 'A101', numMax: 40, type: 1 },
      { bId: 'B7', numMax: 20, type: 0 },
    ]);
    expect(
      await h.db.selectFrom('boxPosition').select(['bId', 'boxPosId', 'sId']).orderBy('boxPosId').execute(),
    ).toEqual([
      { bId: 'A101', boxPosId: 1, sId: '100000000017' },
      { bId: 'A101', boxPosId: 2, sId: '100000000024' },
    ]);
  });

  it('log: the instrument lines join the hardware log, with a line for the import itself', async () => {
    const before = await count('hwLog');
    const { name, path } = exampleOf('log');
    mkdirSync(folder('Log'), { recursive: true });
    copyFileSync(path, join(folder('Log'), name));
    expect(await run('Log')).toMatchObject({ status: 'DONE', rowsImported: 3 });
    const lines = await h.db.selectFrom('hwLog').select(['level', 'info']).orderBy('logId').execute();
    expect(lines.slice(before).map((l) => l.level)).toEqual(expect.arrayContaining(['INFO', 'WARN', 'ERROR']));
    expect(lines.some((l) => l.info === `Sync Log: ${name} imported, 3 row(s)`)).toBe(true);
  });
});

describe('idempotency and refusal', () => {
  it('the same file again changes nothing: recorded, moved to done/, no row touched', async () => {
    const { name, path } = exampleOf('analysis');
    const versions = async () =>
      (await h.db.selectFrom('analysis').select(['aId', 'version']).orderBy('aId').execute()).map((r) => `${r.aId}:${r.version}`);
    const before = await versions();
    copyFileSync(path, join(folder('Analysis'), name));
    const again = await run('Analysis');
    expect(again).toMatchObject({ status: 'DONE', filesDone: 0, rowsImported: 0 });
    expect(again.log.join('\n')).toContain(`${name}: already imported earlier`);
    expect(await versions()).toEqual(before);
    // The same content under another name is imported, and still changes nothing.
    copyFileSync(path, join(folder('Analysis'), `copy-${name}`));
    expect(await run('Analysis')).toMatchObject({ filesDone: 1, rowsImported: 3 });
    expect(await versions()).toEqual(before);
    expect(readdirSync(join(folder('Analysis'), 'done')).filter((f) => f.includes(name))).toHaveLength(3);
  });

  it('a bad line moves the whole file to failed/ with a reason naming the line; nothing of it is imported', async () => {
    const analyses = await count('analysis');
    const samples = await count('sample');
    drop(
      'Analysis',
      'bad.csv',
      'sId;sStamp;dateIn;pol\n200000000001;2025-10-02 06:00:00;2025-10-02 07:00:00;17,1\n200000000002;2025-10-02 06:01:00;2025-10-02 07:01:00;seventeen\n',
    );
    const summary = await run('Analysis');
    expect(summary).toMatchObject({ status: 'ERROR', filesFailed: 1, filesDone: 0 });
    expect(await count('analysis')).toBe(analyses);
    expect(await count('sample')).toBe(samples);
    expect(existsSync(join(folder('Analysis'), 'failed', 'bad.csv'))).toBe(true);
    expect(readFileSync(join(folder('Analysis'), 'failed', 'bad.csv.reason.txt'), 'utf8')).toBe(
      "bad.csv: Line 3: pol 'seventeen' is not a number\n",
    );
    expect((await entry('Analysis')).status).toBe('ERROR');
    const log = await h.request({ method: 'GET', url: '/api/config/sync/logs/Analysis', token: reader });
    expect(log.statusCode).toBe(200);
    expect(log.body).toMatch(/^=== Run \d+ of Analysis: ERROR/);
    expect(log.body).toContain("Line 3: pol 'seventeen' is not a number");
    const hw = await h.db.selectFrom('hwLog').select('info').where('level', '=', 'ERROR').execute();
    expect(hw.some((l) => l.info.includes('bad.csv: Line 3'))).toBe(true);
  });

  it('a bad line read while earlier chunks are staged (one still being written) fails the whole file all the same', async () => {
    const analyses = await count('analysis');
    const samples = await count('sample');
    // WRITE_CHUNK is 5,000 lines: the bad line 12,002 is read while the second chunk is written.
    const lines = Array.from({ length: 12_000 }, (_, i) => `21${String(i).padStart(10, '0')};2025-10-03 06:00:00;2025-10-03 07:00:00;17,1`);
    lines.push('210000000001;2025-10-03 06:00:00;2025-10-03 07:00:00;17,1;9');
    drop('Analysis', 'late-bad.csv', `sId;sStamp;dateIn;pol\n${lines.join('\n')}\n`);
    const summary = await run('Analysis');
    expect(summary).toMatchObject({ status: 'ERROR', filesFailed: 1, filesDone: 0 });
    expect(readFileSync(join(folder('Analysis'), 'failed', 'late-bad.csv.reason.txt'), 'utf8')).toBe(
      'late-bad.csv: Line 12002: 5 fields, the header has 4\n',
    );
    expect(await count('analysis')).toBe(analyses);
    expect(await count('sample')).toBe(samples);
  });

  it('box rules: positions consecutive from 1, numMax 1–40, a sample in one place only', async () => {
    const header = 'bId;name;numMax;type;comment;boxPosId;sId;sStamp\n';
    drop('Box', 'gap.csv', `${header}C1;C1;10;0;;1;100000000017;2026-10-01 06:12:40\nC1;C1;10;0;;3;100000000024;2026-10-01 06:14:02\n`);
    drop('Box', 'max.csv', `${header}C2;C2;41;0;;;;\n`);
    drop('Box', 'twice.csv', `${header}C3;C3;10;0;;1;100000000017;2026-10-01 06:12:40\n`);
    const summary = await run('Box');
    expect(summary).toMatchObject({ filesFailed: 3, filesDone: 0 });
    const reason = (f: string) => readFileSync(join(folder('Box'), 'failed', `${f}.reason.txt`), 'utf8');
    expect(reason('gap.csv')).toContain('Line 3: positions of box C1 must be numbered consecutively from 1');
    expect(reason('max.csv')).toContain('Line 2: MaxPositions must be between 1 and 40');
    expect(reason('twice.csv')).toContain('Line 2: sample 100000000017|2026-10-01 06:12:40 is already in box A101 position 1');
    expect(await h.db.selectFrom('box').select('bId').where('bId', 'in', ['C1', 'C2', 'C3']).execute()).toEqual([]);
  });

  it('a manual start right after a file was dropped waits for it and says so in the run log (issue 28)', async () => {
    const service = h.app.sync;
    const settle = service.options.settleMs;
    (service.options as { settleMs?: number }).settleMs = 1500;
    try {
      drop('Log', 'just-dropped.csv', 'dateCreated;level;info\n2025-10-04 06:00:00;INFO;just dropped\n');
      const res = await h.request({ method: 'GET', url: '/api/config/sync/Log', token: reader });
      expect(res.statusCode).toBe(200);
      const { done } = await service.start('Log');
      const outcome = await done;
      if (!outcome.ran) throw new Error('did not run');
      expect(outcome.run).toMatchObject({ filesDone: 1, filesWaiting: 0, rowsImported: 1 });
      expect(outcome.run.log.join('\n')).toMatch(/waiting: 1 file still changing, looking again in \d s/);
      expect(existsSync(join(folder('Log'), 'done', 'just-dropped.csv'))).toBe(true);
      // The run ended with nothing left waiting: the page has nothing to show.
      const text = (await h.request({ method: 'GET', url: '/api/config/sync/logs/Log', token: reader })).body;
      expect(latestRunWaiting(text)).toBeNull();
    } finally {
      (service.options as { settleMs?: number }).settleMs = settle;
    }
  });

  it('a file younger than the settle time waits for the next run', async () => {
    const service = h.app.sync;
    const settle = service.options.settleMs;
    (service.options as { settleMs?: number }).settleMs = 60_000;
    try {
      drop('Log', 'fresh.csv', 'dateCreated;level;info\n2025-10-03 06:00:00;INFO;fresh line\n');
      const summary = await run('Log');
      expect(summary).toMatchObject({ filesDone: 0, filesFailed: 0 });
      expect(summary.log.join('\n')).toContain('fresh.csv: still being written');
      expect(summary.log.at(-1)).toMatch(/; waiting: 1 file still changing, read next run$/);
      // The page shows what the run left waiting, read from the run log.
      const text = (await h.request({ method: 'GET', url: '/api/config/sync/logs/Log', token: reader })).body;
      expect(latestRunWaiting(text)).toBe('waiting: 1 file still changing, read next run');
      expect(existsSync(join(folder('Log'), 'fresh.csv'))).toBe(true);
    } finally {
      (service.options as { settleMs?: number }).settleMs = settle;
    }
    expect(await run('Log')).toMatchObject({ filesDone: 1 });
  });
});

describe('batch update of limits', () => {
  it('of two changed limits one fails (changed meanwhile): it answers 409, the other is stored', async () => {
    const { limits } = (await h.request({ method: 'GET', url: '/api/config/limits', token: admin })).json<{
      limits: Limit[];
    }>();
    const pol = limits.find((l) => l.name === 'pol')!;
    const nat = limits.find((l) => l.name === 'nat')!;
    // Someone else changes nat after the page loaded it.
    await h.request({ method: 'PUT', url: '/api/config/limits/nat', token: admin, payload: { ...nat, max: '5.5' } });
    const [polRes, natRes] = await Promise.all([
      h.request({ method: 'PUT', url: '/api/config/limits/pol', token: admin, payload: { ...pol, max: '26' } }),
      h.request({ method: 'PUT', url: '/api/config/limits/nat', token: admin, payload: { ...nat, max: '6' } }),
    ]);
    expect(polRes.statusCode).toBe(200);
    expect(polRes.json<Limit>()).toMatchObject({ name: 'pol', max: '26', version: pol.version + 1 });
    expect(natRes.statusCode).toBe(409);
    const after = (await h.request({ method: 'GET', url: '/api/config/limits/nat', token: admin })).json<Limit>();
    expect(after.max).toBe('5.5');
  });
});
