import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseArgs, runUserCommand, type CliIo } from '../../src/server/cli/user';
import { HASH_PATTERN, verifyPassword } from '../../src/server/auth/passwords';
import { acquireDataDirLock } from '../../src/server/db/lock';
import { TEST_JWT_SECRET, onPostgres, seedDataDir, useHarness } from './harness';

const h = useHarness();

const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// On the embedded database, the data dir holds a migrated database, as a server's first start
// leaves it (the CLI opens it as it opens any; initdb and migrations of a new one are the server's
// start-up tests' business).
beforeAll(async () => {
  if (!onPostgres()) await seedDataDir(dataDir);
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const collect = () => {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString()));
  return { stream, text: () => text };
};

const io = (stdinText = '') => {
  const stdout = collect();
  const stderr = collect();
  const cli: CliIo = { stdin: Readable.from([stdinText]), stdout: stdout.stream, stderr: stderr.stream };
  return { cli, stdout: stdout.text, stderr: stderr.text };
};

/** One command against the harness database, as the CLI runs it after opening the database. */
const run = async (argv: string[], stdinText = ''): Promise<Run> => {
  const { cli, stdout, stderr } = io(stdinText);
  try {
    await runUserCommand(h.db, parseArgs(argv), cli);
    return { code: 0, stdout: stdout(), stderr: stderr() };
  } catch (err) {
    return { code: 1, stdout: stdout(), stderr: (err as Error).message };
  }
};

const auditOf = (email: string) =>
  h.db.selectFrom('auditEvent').selectAll().where('entity', '=', 'user').where('entityKey', '=', email).orderBy('id').execute();

describe('user CLI commands', () => {
  it('adds a user with the password from standard input and audits it without the hash', async () => {
    const res = await run(['add', 'Clara@Lab.example', '--role', 'reader'], 'secret123\n');
    expect(res).toMatchObject({ code: 0, stdout: 'User clara@lab.example added (reader).\n' });
    const row = await h.db.selectFrom('appUser').selectAll().where('email', '=', 'clara@lab.example').executeTakeFirstOrThrow();
    expect(row.role).toBe('ROLE_READER');
    expect(row.passwordHash).toMatch(HASH_PATTERN);
    expect(await verifyPassword('secret123', row.passwordHash)).toBe(true);
    const audit = await auditOf('clara@lab.example');
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'cli', action: 'create', entity: 'user', before: null, after: { email: 'clara@lab.example', role: 'ROLE_READER' } }),
    ]);
    expect(audit[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('accepts --role=admin and a password line ending in CRLF', async () => {
    expect((await run(['add', 'dora@lab.example', '--role=admin'], 'secret123\r\nignored\n')).code).toBe(0);
    const token = await h.signIn('dora@lab.example', 'secret123');
    expect(token).toBeTruthy();
  });

  it('lists users with their short role', async () => {
    const res = await run(['list']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^EMAIL\s+ROLE\s+CREATED$/m);
    expect(res.stdout).toMatch(/^clara@lab\.example\s+reader\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/m);
    expect(res.stdout).toMatch(/^dora@lab\.example\s+admin\s+/m);
    expect(res.stdout).not.toContain('scrypt');
  });

  it('changes a password and audits the change', async () => {
    const res = await run(['passwd', 'clara@lab.example'], 'new-secret-99\n');
    expect(res).toMatchObject({ code: 0, stdout: 'Password of clara@lab.example changed.\n' });
    await expect(h.signIn('clara@lab.example', 'secret123')).rejects.toThrow(/401/);
    await h.signIn('clara@lab.example', 'new-secret-99');
    const audit = await auditOf('clara@lab.example');
    expect(audit.at(-1)).toMatchObject({
      actor: 'cli',
      action: 'update',
      before: { email: 'clara@lab.example', role: 'ROLE_READER' },
      after: { email: 'clara@lab.example', role: 'ROLE_READER', passwordChanged: true },
    });
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|secret/);
  });

  it('removes a user and audits it', async () => {
    const res = await run(['remove', 'clara@lab.example']);
    expect(res).toMatchObject({ code: 0, stdout: 'User clara@lab.example removed.\n' });
    expect(await h.db.selectFrom('appUser').select('id').where('email', '=', 'clara@lab.example').executeTakeFirst()).toBeUndefined();
    expect((await auditOf('clara@lab.example')).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it.each([
    [['add', 'not-an-email', '--role', 'reader'], 'secret123\n', /E-Mail must be valid/],
    [['add', 'short@lab.example', '--role', 'reader'], 'short\n', /Min 8 characters/],
    [['add', 'empty@lab.example', '--role', 'reader'], '', /Required/],
    [['add', 'dora@lab.example', '--role', 'reader'], 'secret123\n', /already exists/],
    [['passwd', 'nobody@lab.example'], 'secret123\n', /No user nobody@lab\.example/],
    [['remove', 'nobody@lab.example'], '', /No user/],
    [['remove', 'dora@lab.example'], '', /last admin/],
  ])('refuses %j', async (argv, stdin, message) => {
    const res = await run(argv, stdin);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(message);
  });

  it.each([[[]], [['add', 'x@y.z']], [['add', 'x@y.z', '--role', 'boss']], [['frobnicate']], [['list', 'extra']], [['add', '--force']]])(
    'rejects the arguments %j',
    (argv) => {
      expect(() => parseArgs(argv)).toThrow();
    },
  );
});

const cliEnv = (): Record<string, string> =>
  h.databaseUrl
    ? { DATABASE_URL: h.databaseUrl, LAB_JWT_SECRET: TEST_JWT_SECRET, LAB_DATA_DIR: dataDir }
    : { LAB_DATA_DIR: dataDir, LAB_JWT_SECRET: TEST_JWT_SECRET };

// Heavy on PGlite: each `main` opens the embedded database (WASM); the real process also starts tsx.
describe('user CLI main', { timeout: 120_000 }, () => {
  it('opens the configured database, runs, and exits 0; bad arguments exit 1 with the usage', async () => {
    const add = io('secret123\n');
    expect(await main(['add', 'eva@lab.example', '--role', 'admin'], add.cli, cliEnv())).toBe(0);
    expect(add.stdout()).toBe('User eva@lab.example added (admin).\n');
    const list = io();
    expect(await main(['list'], list.cli, cliEnv())).toBe(0);
    expect(list.stdout()).toContain('eva@lab.example');
    const bad = io();
    expect(await main(['add', 'x@lab.example'], bad.cli, cliEnv())).toBe(1);
    expect(bad.stderr()).toMatch(/^labdesk user: add needs --role admin or --role reader\nUsage:/);
  });

  it.skipIf(onPostgres())('refuses an embedded database held by another process, without touching it', async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const res = io('secret123\n');
      expect(await main(['add', 'late@lab.example', '--role', 'reader'], res.cli, cliEnv())).toBe(1);
      expect(res.stderr()).toMatch(/^labdesk: the data directory .* is in use by process \d+ \(a running server\?\)\. Stop it first\./);
    } finally {
      lock.release();
    }
  });

  it('works as a real process with the password piped in', async () => {
    const tsx = resolve('node_modules/.bin/tsx');
    const child = spawn(tsx, ['src/server/cli/user.ts', 'add', 'piped@lab.example', '--role', 'reader'], {
      env: { ...process.env, ...cliEnv() },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin.end('secret123\n');
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe('User piped@lab.example added (reader).\n');
  });
});
