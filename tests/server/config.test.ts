import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, JWT_SECRET_FILE, loadConfig } from '../../src/server/config';

const dir = mkdtempSync(join(tmpdir(), 'labdesk-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the defaults of docs/dev/architecture.md#running', () => {
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      port: 8080,
      dataDir: join(dir, 'data'),
      databaseUrl: undefined,
      timezone: 'Europe/Vienna',
      printer: undefined,
      syncSource: join(dir, 'data', 'inbox'),
      syncMaxFileBytes: 100 * 1024 * 1024,
      tokenTtlSeconds: 12 * 3600,
      admin: { email: undefined, password: undefined },
    });
  });

  it('generates the signing key once into the data dir, readable by the owner only', () => {
    const env = { LAB_DATA_DIR: join(dir, 'keyed') };
    const first = loadConfig(env, dir);
    const second = loadConfig(env, dir);
    expect(Buffer.from(first.jwtSecret).toString()).toBe(Buffer.from(second.jwtSecret).toString());
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'keyed', JWT_SECRET_FILE)).mode & 0o777).toBe(0o600);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        LAB_PORT: '9090',
        LAB_DATA_DIR: '/srv/lab',
        DATABASE_URL: 'postgres://lab@db/lab',
        LAB_JWT_SECRET: 'x'.repeat(40),
        LAB_TIMEZONE: 'UTC',
        LAB_PRINTER: 'zebra.lab:6101',
        LAB_SYNC_SOURCE: '/mnt/instruments',
        LAB_ADMIN_EMAIL: 'boss@lab.example',
        LAB_ADMIN_PASSWORD: 'secret123',
        LAB_TOKEN_TTL: '30m',
      },
      dir,
    );
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/srv/lab',
      databaseUrl: 'postgres://lab@db/lab',
      timezone: 'UTC',
      printer: { host: 'zebra.lab', port: 6101 },
      syncSource: '/mnt/instruments',
      admin: { email: 'boss@lab.example', password: 'secret123' },
      tokenTtlSeconds: 1800,
    });
    expect(loadConfig({ LAB_PRINTER: 'zebra', LAB_JWT_SECRET: 'x'.repeat(40) }, dir).printer).toEqual({ host: 'zebra', port: 9100 });
    expect(loadConfig({ LAB_SYNC_MAX_FILE_MB: '5', LAB_JWT_SECRET: 'x'.repeat(40) }, dir).syncMaxFileBytes).toBe(5 * 1024 * 1024);
  });

  it.each([
    [{ LAB_PORT: 'eighty' }, 'LAB_PORT'],
    [{ LAB_PORT: '70000' }, 'LAB_PORT'],
    [{ LAB_TIMEZONE: 'Mars/Olympus' }, 'LAB_TIMEZONE'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LAB_JWT_SECRET: 'short' }, 'LAB_JWT_SECRET'],
    [{ LAB_TOKEN_TTL: 'forever' }, 'LAB_TOKEN_TTL'],
    [{ LAB_SYNC_MAX_FILE_MB: '0' }, 'LAB_SYNC_MAX_FILE_MB'],
    [{ LAB_SYNC_MAX_FILE_MB: 'lots' }, 'LAB_SYNC_MAX_FILE_MB'],
  ])('refuses %o with a message naming the variable', (env, name) => {
    expect(() => loadConfig({ LAB_JWT_SECRET: 'x'.repeat(40), ...env }, dir)).toThrow(ConfigError);
    expect(() => loadConfig({ LAB_JWT_SECRET: 'x'.repeat(40), ...env }, dir)).toThrow(name);
  });

  it('reads LAB_TRUST_PROXY as a hop count or a list of addresses, ranges and names', () => {
    const base = { LAB_DATA_DIR: '/nonexistent/labdesk-test', LAB_JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).trustProxy).toBeUndefined();
    expect(loadConfig({ ...base, LAB_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, LAB_TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ ...base, LAB_TRUST_PROXY: ' 10.0.0.5, 192.168.0.0/16 ,::1,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
      'uniquelocal',
    ]);
    for (const bad of ['0', 'proxy.example.org', '10.0.0.0/33', '10.0.0.1/8/2', 'true'])
      expect(() => loadConfig({ ...base, LAB_TRUST_PROXY: bad }), bad).toThrow(/LAB_TRUST_PROXY/);
  });
});
