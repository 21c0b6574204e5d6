// Two server processes on one PostgreSQL database, sharing one data directory, as a lab runs them
// behind a reverse proxy (docs/dev/architecture.md#several-instances): whatever one instance knows,
// the other must know too. Real processes on free ports, spoken to over HTTP. Needs PostgreSQL
// (DATABASE_URL): the embedded database belongs to one process, so there is nothing to share.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../src/domain/auth';
import { EXPORT_FAILED } from '../../src/domain/messages';
import { DEFAULT_SIGNIN_LIMITS, SignInLimiter } from '../../src/server/auth/signin-limiter';
import { TOKEN_KEY_MISMATCH } from '../../src/server/auth/key-fingerprint';
import { createTestDatabase, onPostgres, TEST_PASSWORD, type TestDatabase } from './harness';
import { ROOT, START_TIMEOUT_MS, eventually, signIn, startServer, type ServerProcess } from './processes';

const ADMIN = 'admin@instances.test';

describe.skipIf(!onPostgres())('two instances on one PostgreSQL (needs DATABASE_URL)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const env = () => ({
    DATABASE_URL: database.databaseUrl!,
    // No LAB_JWT_SECRET: both read the key the first one generated into the shared data dir.
    LAB_DATA_DIR: dataDir,
    LAB_ADMIN_EMAIL: ADMIN,
    LAB_ADMIN_PASSWORD: TEST_PASSWORD,
    // As behind a reverse proxy on this machine: X-Forwarded-For names the client.
    LAB_TRUST_PROXY: 'loopback',
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'labdesk-instances-'));
    // Enough samples that a CSV export runs for a while (the kill below lands during it).
    await sql`insert into sample (s_id, s_stamp, name, weight_net)
      select lpad(i::text, 13, '0'), localtimestamp(0) - make_interval(secs => i), 'beet ' || i, 10 + i % 7
      from generate_series(1, 60000) i`.execute(database.db);
    a = await startServer(env());
    b = await startServer(env());
  }, 3 * START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a token signed on A is accepted on B', async () => {
    const token = await signIn(a, ADMIN, TEST_PASSWORD);
    const me = await b.call('/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(ADMIN);
  });

  it('an export started on A is checked and downloaded on B', async () => {
    const token = await signIn(a, ADMIN, TEST_PASSWORD);
    const start = await a.call('/api/samples/export/csv?attributes=sId', { token });
    expect(start.status).toBe(200);
    const file = await start.text();
    let check: Response | undefined;
    await eventually('export ready on B', async () => {
      check = await b.call(`/api/export/check/csv?file=${file}`, { token });
      return check.status !== 404;
    }, 120_000);
    expect(check!.status).toBe(200);
    const download = await b.call(`/api/export/download/csv?file=${file}`, { token });
    expect(download.status).toBe(200);
    const lines = (await download.text()).trim().split('\n');
    expect(lines).toHaveLength(60_001);
  }, 180_000);

  it('sign-in failures spread over both instances hit the limit at the same attempt as on one', async () => {
    const email = 'guessed@instances.test';
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_SIGNIN_LIMITS.maxFailures + 2; i++) {
      const res = await (i % 2 === 0 ? a : b).call('/api/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `guess-${i}-wrong` }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(await res.json()).toEqual({ message: LOGIN_MESSAGES.tooManyAttempts });
    }
    // On one instance: maxFailures answers 401, the next one 429.
    expect(statuses.indexOf(429)).toBe(DEFAULT_SIGNIN_LIMITS.maxFailures);
  });

  it('sign-in requests of one address spread over both instances hit the per-address limit at the same count as on one', async () => {
    const { maxPerAddress } = DEFAULT_SIGNIN_LIMITS;
    const address = '203.0.113.7';
    const attempt = async (i: number, from = address) =>
      (
        await (i % 2 === 0 ? a : b).call('/api/auth/signin', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
          // A new email each time: only the per-address limit can answer 429 here.
          body: JSON.stringify({ email: `sprayed${i}@instances.test`, password: 'a-wrong-password' }),
        })
      ).status;
    // The minute's earlier requests of the address, as the instances counted them: written directly,
    // because 100 password checks in a row outlast the one-minute window on a busy test machine.
    const earlier = maxPerAddress - 4;
    await sql`insert into signin_attempt (key, failures, window_ends)
      values (${SignInLimiter.keys(address, '').address}, ${earlier}, now() + interval '1 minute')`.execute(database.db);
    // The rest alternate between A and B: the 100th request is answered, the 101st is 429.
    const statuses: number[] = [];
    for (let i = earlier; i <= maxPerAddress; i++) statuses.push(await attempt(i));
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(await attempt(0, '198.51.100.9')).toBe(401);
  }, 120_000);

  it('a password changed with the user CLI is refused by both instances within the trust window', async () => {
    const email = 'changing@instances.test';
    await runUserCli(['add', email, '--role', 'reader'], TEST_PASSWORD, env());
    const token = await signIn(b, email, TEST_PASSWORD);
    expect((await a.call('/api/auth/me', { token })).status).toBe(200);
    expect((await b.call('/api/auth/me', { token })).status).toBe(200);
    await runUserCli(['passwd', email], 'a-completely-new-secret', env());
    // The account trust window is 5 s (auth/plugin.ts ACCOUNT_CHECK_TTL_MS); allow for a busy machine.
    for (const server of [a, b])
      await eventually('old token refused', async () => (await server.call('/api/auth/me', { token })).status === 401, 15_000);
    await expect(signIn(a, email, TEST_PASSWORD)).rejects.toThrow(/401/);
  }, 120_000);

  it('an instance with another token key is refused while the others run', async () => {
    const other = startServer({ ...env(), LAB_JWT_SECRET: 'another-secret-of-at-least-thirty-two-chars' });
    await expect(other).rejects.toThrow(TOKEN_KEY_MISMATCH);
  }, START_TIMEOUT_MS);

  it('SIGKILL of A during an export leaves the job failed at the next check on B, its file removed', async () => {
    const token = await signIn(a, ADMIN, TEST_PASSWORD);
    const start = await a.call('/api/samples/export/csv?attributes=sId,name,weightNet', { token });
    expect(start.status).toBe(200);
    const file = await start.text();
    a.child.kill('SIGKILL');
    await a.exited;
    // PostgreSQL ends the killed process's session (and its presence lock) as its socket closes.
    let check: Response | undefined;
    await eventually('job settled', async () => {
      check = await b.call(`/api/export/check/csv?file=${file}`, { token });
      return check.status !== 404;
    }, 10_000);
    expect(check!.status).toBe(500);
    expect(await check!.json()).toEqual({ message: EXPORT_FAILED });
    const left = readdirSync(join(dataDir, 'exports')).filter((name) => name.includes(file));
    expect(left).toEqual([]);
    expect(existsSync(join(dataDir, 'exports', file))).toBe(false);
  }, 60_000);
});

/** `npm run user -- …` as an operator runs it, against the same database. */
const runUserCli = (args: string[], stdin: string, env: Record<string, string>): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/user.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.stdin.end(`${stdin}\n`);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`user CLI ${args[0]} exited ${code}: ${out}`))));
  });
