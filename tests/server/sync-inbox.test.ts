// The sync inbox hardened (issue 29), on the test database (PGlite, or PostgreSQL with
// DATABASE_URL), with real files in a temporary data dir: no link in the inbox is followed (a
// reason file planted as a link to the signing key, a dangling one, a linked entry folder, linked
// done/ and failed/); one bad file (NUL bytes, a name of 250 characters, a name that is not UTF-8,
// a file past the size cap) moves aside with its reason and the files after it are imported;
// Windows-1252 text with € and „ is read as such; a 30,000-line file of one sStamp imports its
// rows (its time is measured by bench/sync.ts, not here); a file that changes while it is read is
// read again, and lines appended to a file already in done/ are imported by the next run.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { SyncId } from '../../src/domain/entities/syncEntry';
import { latestRunFailures } from '../../src/domain/sync';
import type { RunSummary } from '../../src/server/sync/engine';
import { NAME_MAX } from '../../src/server/sync/files';
import { useHarness } from './harness';

const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-inbox-'));
const source = join(dataDir, 'inbox');
const secretFile = join(dataDir, 'jwt-secret');
const SECRET = 'the-signing-key-of-this-data-dir-0123456789';
/** Files the test changes while they are read (by name). */
const whileRead = new Map<string, () => void>();
const h = useHarness({
  config: { syncSource: source, syncMaxFileBytes: 4 * 1024 * 1024 },
  sync: { settleMs: 0, afterRead: (name) => whileRead.get(name)?.() },
});

const folder = (id: SyncId, ...sub: string[]) => join(source, id.toLowerCase(), ...sub);
const drop = (id: SyncId, name: string | Buffer, text: string | Buffer) => {
  mkdirSync(folder(id), { recursive: true });
  const path = typeof name === 'string' ? join(folder(id), name) : Buffer.concat([Buffer.from(`${folder(id)}/`), name]);
  writeFileSync(path, text);
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
};
const run = async (id: SyncId): Promise<RunSummary> => {
  const { done } = await h.app.sync.start(id);
  const outcome = await done;
  if (!outcome.ran) throw new Error('did not run');
  return outcome.run;
};
const hwLog = async () => (await h.db.selectFrom('hwLog').select('info').execute()).map((r) => r.info).join('\n');
const sampleCount = async (prefix: string) =>
  (await h.db.selectFrom('sample').select('sId').where('sId', 'like', `${prefix}%`).execute()).length;
const logLine = (info: string) => `dateCreated;level;info\n2025-10-03 06:00:00;INFO;${info}\n`;

beforeEach(() => {
  rmSync(source, { recursive: true, force: true });
  mkdirSync(source, { recursive: true });
  writeFileSync(secretFile, SECRET);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('nothing outside the inbox is touched', () => {
  it('a reason file planted as a link to the signing key is not written through', async () => {
    mkdirSync(folder('Analysis', 'failed'), { recursive: true });
    symlinkSync(secretFile, folder('Analysis', 'failed', 'pwn.csv.reason.txt'));
    drop('Analysis', 'pwn.csv', 'sId;sStamp;dateIn\nnot-an-id;2025-10-01 06:00:00;2025-10-01 07:00:00\n');
    const summary = await run('Analysis');
    expect(summary.filesFailed).toBe(1);
    expect(readFileSync(secretFile, 'utf8')).toBe(SECRET);
    expect(existsSync(folder('Analysis', 'pwn.csv'))).toBe(false);
    const reasonFile = 'pwn.csv.2.reason.txt';
    expect(readFileSync(folder('Analysis', 'failed', reasonFile), 'utf8')).toContain('Line 2');
  });

  it('a dangling link in failed/ does not make the server create its target', async () => {
    const target = join(dataDir, 'created-by-the-server');
    mkdirSync(folder('Sample', 'failed'), { recursive: true });
    symlinkSync(target, folder('Sample', 'failed', 'bad.csv.reason.txt'));
    drop('Sample', 'bad.csv', 'sId;sStamp\nx;y\n');
    const summary = await run('Sample');
    expect(summary.filesFailed).toBe(1);
    expect(existsSync(target)).toBe(false);
  });

  it('a linked entry folder is refused whole: its files stay, their content is not logged', async () => {
    const foreign = join(dataDir, 'foreign');
    mkdirSync(foreign, { recursive: true });
    writeFileSync(join(foreign, 'private.csv'), 'top secret first line\n');
    utimesSync(join(foreign, 'private.csv'), new Date(0), new Date(0));
    symlinkSync(foreign, folder('Log'));
    const summary = await run('Log');
    expect(summary.status).toBe('ERROR');
    expect(summary.log.join('\n')).toContain('log/ is a link');
    expect(readdirSync(foreign)).toEqual(['private.csv']);
    const logged = await hwLog();
    expect(logged).toContain('log/ is a link');
    expect(logged).not.toContain('top secret');
    expect(logged).not.toContain(dataDir);
  });

  it.each(['done', 'failed'])('a linked %s/ folder is refused: nothing is moved into it', async (sub) => {
    const foreign = join(dataDir, `foreign-${sub}`);
    rmSync(foreign, { recursive: true, force: true });
    mkdirSync(foreign, { recursive: true });
    mkdirSync(folder('Log'), { recursive: true });
    symlinkSync(foreign, folder('Log', sub));
    drop('Log', 'a.csv', logLine('linked folder'));
    const summary = await run('Log');
    expect(summary.status).toBe('ERROR');
    expect(summary.log.join('\n')).toContain(`log/${sub}/ is a link`);
    expect(readdirSync(foreign)).toEqual([]);
    expect(existsSync(folder('Log', 'a.csv'))).toBe(true);
  });

  it('a waiting file that is a link is moved aside unread, its target untouched', async () => {
    symlinkSync(secretFile, join((mkdirSync(folder('Log'), { recursive: true }), folder('Log')), 'key.csv'));
    const summary = await run('Log');
    expect(summary.filesFailed).toBe(1);
    expect(readFileSync(secretFile, 'utf8')).toBe(SECRET);
    expect(await hwLog()).not.toContain(SECRET);
    expect(readdirSync(folder('Log', 'failed'))).toContain('key.csv');
  });
});

describe('one bad file never stops the others', () => {
  it('UTF-16 (NUL bytes), a 250-character name and a name that is not UTF-8 move aside; later files import', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sId;sStamp\n1;2\n', 'utf16le')]);
    drop('Sample', 'a-utf16.csv', utf16);
    const long = `b-${'x'.repeat(244)}.csv`;
    drop('Sample', long, 'sId;sStamp\nnot-an-id;2025-10-01 06:00:00\n');
    const latin = Buffer.concat([Buffer.from('c-'), Buffer.from([0xe4, 0xff]), Buffer.from('.csv')]);
    drop('Sample', latin, 'sId;sStamp\n9700000000001;2025-10-01 06:00:00\n');
    drop('Sample', 'z-good.csv', 'sId;sStamp\n9700000000002;2025-10-01 06:00:00\n');
    const first = await run('Sample');
    expect(first).toMatchObject({ filesDone: 1, filesFailed: 3, status: 'ERROR' });
    expect(await sampleCount('97000000000')).toBe(1);
    const failed = readdirSync(folder('Sample', 'failed'));
    expect(failed).toContain('a-utf16.csv');
    expect(failed).toContain(long);
    expect(failed.some((f) => f.startsWith('c-__'))).toBe(true);
    expect(failed.every((f) => Buffer.byteLength(f) <= NAME_MAX)).toBe(true);
    expect(failed.filter((f) => f.startsWith('b-') && f.endsWith('.reason.txt'))).toHaveLength(1);
    const reasons = failed.filter((f) => f.endsWith('.reason.txt')).map((f) => readFileSync(folder('Sample', 'failed', f), 'utf8'));
    expect(reasons).toHaveLength(3);
    expect(reasons.join('\n')).toContain('NUL bytes');
    expect(reasons.join('\n')).toContain('not UTF-8');
    expect(reasons.join('\n')).toContain('Line 2');
    expect(readdirSync(folder('Sample'))).toEqual(['done', 'failed']);
    // The page reads the failures from the run log: each refused file is a marked line.
    const text = (await h.request({ method: 'GET', url: '/api/config/sync/logs/Sample', token: await h.tokenFor('ROLE_READER') })).body;
    const failures = latestRunFailures(text);
    expect(failures).toHaveLength(3);
    expect(failures.join('\n')).toContain('a-utf16.csv: the file holds NUL bytes');
    // The next run finds nothing left over and is DONE.
    drop('Sample', 'zz-later.csv', 'sId;sStamp\n9700000000003;2025-10-01 06:00:00\n');
    expect(await run('Sample')).toMatchObject({ filesDone: 1, filesFailed: 0, status: 'DONE' });
  });

  it('a file past LAB_SYNC_MAX_FILE_MB is refused with the reason, the next one imported', async () => {
    drop('Log', 'a-big.csv', `dateCreated;level;info\n${'2025-10-03 06:00:00;INFO;big\n'.repeat(150_000)}`);
    drop('Log', 'b-small.csv', logLine('after the big one'));
    const summary = await run('Log');
    expect(summary).toMatchObject({ filesDone: 1, filesFailed: 1 });
    const reason = readFileSync(folder('Log', 'failed', 'a-big.csv.reason.txt'), 'utf8');
    expect(reason).toContain('LAB_SYNC_MAX_FILE_MB');
    expect(await hwLog()).toContain('after the big one');
  });

  it('Windows-1252 text with € and „ is read as documented', async () => {
    const text = Buffer.concat([
      Buffer.from('dateCreated;level;info\n2025-10-03 07:00:00;INFO;Preis 5 '),
      Buffer.from([0x80, 0x20, 0x84]),
      Buffer.from('Probe'),
      Buffer.from([0x93, 0x0a]),
    ]);
    drop('Log', 'cp1252.csv', text);
    const summary = await run('Log');
    expect(summary).toMatchObject({ filesDone: 1, filesFailed: 0 });
    expect(await hwLog()).toContain('Preis 5 € „Probe“');
  });

  it('a quoted field may hold a line break (one CSV reader for every import)', async () => {
    drop('Log', 'quoted.csv', 'dateCreated;level;info\n2025-10-03 08:00:00;INFO;"two\nlines; one field"\n');
    expect(await run('Log')).toMatchObject({ filesDone: 1, filesFailed: 0 });
    expect(await hwLog()).toContain('two\nlines; one field');
  });
});

describe('imports cost what their rows cost', () => {
  it('30,000 analyses of one sStamp and dateIn, twice: every row stored once', async () => {
    const lines = ['sId;sStamp;dateIn;pol'];
    for (let i = 0; i < 30_000; i++) lines.push(`${9800000000000 + i};2026-10-01 06:00:00;2026-10-01 07:00:00;${15 + (i % 100) / 100}`);
    drop('Analysis', 'same-stamp.csv', `${lines.join('\n')}\n`);
    expect(await run('Analysis')).toMatchObject({ filesDone: 1, rowsImported: 30_000 });
    lines[1] = '9800000000000;2026-10-01 06:00:00;2026-10-01 07:00:00;16.5';
    drop('Analysis', 'same-stamp-again.csv', `${lines.join('\n')}\n`);
    expect(await run('Analysis')).toMatchObject({ filesDone: 1, rowsImported: 30_000 });
    const stored = await h.db
      .selectFrom('analysis')
      .select(['sId', 'pol'])
      .where('sId', 'like', '98%')
      .orderBy('sId')
      .execute();
    expect(stored).toHaveLength(30_000);
    expect(Number(stored[0]!.pol)).toBe(16.5);
    expect(Number(stored[29_999]!.pol)).toBe(15.99);
  }, 180_000);
});

describe('no row is lost to a pause', () => {
  it('a file that changes while it is read is not moved to done/ but read again', async () => {
    drop('Sample', 'growing.csv', 'sId;sStamp\n9900000000001;2025-10-01 06:00:00\n');
    whileRead.set('growing.csv', () => {
      whileRead.delete('growing.csv');
      appendFileSync(folder('Sample', 'growing.csv'), '9900000000002;2025-10-01 06:00:00\n');
    });
    const summary = await run('Sample');
    expect(summary.log.join('\n')).toContain('growing.csv: changed while it was read');
    expect(summary.filesDone).toBe(1);
    expect(await sampleCount('99000000000')).toBe(2);
  });

  it('lines appended to a file already moved to done/ are imported by the next run', async () => {
    drop('Sample', 'paused.csv', 'sId;sStamp\n9910000000001;2025-10-01 06:00:00\n');
    expect(await run('Sample')).toMatchObject({ filesDone: 1, rowsImported: 1 });
    const moved = folder('Sample', 'done', 'paused.csv');
    appendFileSync(moved, '9910000000002;2025-10-01 06:00:00\n9910000000003;2025-10-01 06:00:00\n');
    utimesSync(moved, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const next = await run('Sample');
    expect(next.log.join('\n')).toContain('done/paused.csv: lines appended after its import, 2 row(s) imported');
    expect(await sampleCount('99100000000')).toBe(3);
    // Once: the run after that finds nothing new.
    expect(await run('Sample')).toMatchObject({ filesDone: 0, rowsImported: 0 });
  });
});
