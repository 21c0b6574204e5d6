// Security headers on every response (helmet, http/securityHeaders.ts; app.ts CSP) — on an API answer, an error
// and the HTML shell — and no source maps: not in the build (vite.config.ts) and never served.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { useHarness } from './harness';

const clientDir = mkdtempSync(join(tmpdir(), 'labdesk-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>labdesk</title><script type="module" src="/assets/app.js"></script>');
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
writeFileSync(join(clientDir, 'assets', 'app.js.map'), '{"version":3,"sources":["src/ui/main.tsx"]}');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const h = useHarness({ clientDir });

const expectSecurityHeaders = (res: LightMyRequestResponse, what: string): void => {
  const csp = String(res.headers['content-security-policy']);
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, what).toContain("frame-ancestors 'self'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toContain('upgrade-insecure-requests');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
};

describe('security headers', () => {
  it('are on API answers, errors included', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const ok = await h.request({ method: 'GET', url: '/api/config/limits', token });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok, 'API 200');
    expectSecurityHeaders(await h.request({ method: 'GET', url: '/api/config/limits' }), 'API 401');
    expectSecurityHeaders(await h.request({ method: 'GET', url: '/api/nothing', token }), 'API 404');
  });

  it('are on the HTML shell, its SPA routes and the assets', async () => {
    for (const url of ['/', '/analysis', '/assets/app.js']) {
      const res = await h.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
    }
  });
});

describe('source maps', () => {
  it('are not built', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });

  it('are not served, even when a build has them', async () => {
    const res = await h.request({ method: 'GET', url: '/assets/app.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('sources');
    expect((await h.request({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  });
});
