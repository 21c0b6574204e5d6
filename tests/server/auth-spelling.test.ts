// docs/dev/architecture.md#api-contract: "Authentication is decided on the matched route, never on the raw URL". The
// router decodes and matches `/%61pi/config/limits` as `/api/config/limits`; a check on the URL text
// let such a request through without a token. Every route of the app's route table (collected as it
// is built, so routes added later are covered) is requested without a token in spellings that
// reach it or a neighbour: percent-encoded letters, doubled and trailing slashes, other case and dot
// segments — with each of its methods. None may answer 2xx, and none may answer 5xx. A built client
// (a temporary one) is served too, since its catch-all file route is public and answers anything
// the API routes do not match.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';

const clientDir = mkdtempSync(join(tmpdir(), 'labdesk-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>labdesk</title>');
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log(1)');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const routes: RouteOptions[] = [];
const h = useHarness({ clientDir, onRoute: (route) => void routes.push(route) });

/** Sample values for path parameters; any value will do, authentication comes before validation. */
const fill = (url: string): string =>
  url
    .replace(/:sStamp/g, '2026-09-01%2006:00:00')
    .replace(/:sId/g, '4006381333931')
    .replace(/:[A-Za-z]+/g, 'pol');

const enc = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/** Spellings of one concrete /api path that a careless check on the text would not see as /api. */
const variants = (path: string): string[] => {
  const segments = path.split('/').slice(1); // ['api', 'config', 'limits']
  const last = segments.length - 1;
  const lastFirst = segments[last]!.search(/[a-z]/i);
  const encodedLast =
    lastFirst < 0
      ? undefined
      : [
          ...segments.slice(0, last),
          segments[last]!.slice(0, lastFirst) +
            enc(segments[last]![lastFirst]!) +
            segments[last]!.slice(lastFirst + 1),
        ];
  return [
    `/%61pi/${segments.slice(1).join('/')}`,
    `/%2561pi/${segments.slice(1).join('/')}`,
    `/${[...'api'].map(enc).join('')}/${segments.slice(1).join('/')}`,
    ...(encodedLast ? [`/${encodedLast.join('/')}`, `/%61pi/${encodedLast.slice(1).join('/')}`] : []),
    `/${segments.join('//')}`,
    `//${segments.join('/')}`,
    `${path}/`,
    `/API/${segments.slice(1).join('/')}`,
    `/Api/${segments
      .slice(1)
      .map((s) => s.toUpperCase())
      .join('/')}`,
    `/x/../${segments.join('/')}`,
    `/./${segments.join('/')}`,
    `/api/./${segments.slice(1).join('/')}`,
    `/api/x/../${segments.slice(1).join('/')}`,
    `/%2e%2e/${segments.join('/')}`,
    `/api%2f${segments.slice(1).join('%2f')}`,
    `/api\\${segments.slice(1).join('\\')}`,
  ];
};

const methodsOf = (route: RouteOptions): HTTPMethods[] =>
  (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];

const protectedRoutes = (): { method: HTTPMethods; url: string }[] =>
  routes
    .filter((r) => r.url.startsWith('/api') && r.config?.public !== true)
    .flatMap((r) => methodsOf(r).map((method) => ({ method, url: fill(r.url) })));

describe('authentication does not depend on how a path is spelled', () => {
  it('collects the route table, with the client files public and the API routes not', () => {
    const declared = routes.map(
      (r) => `${methodsOf(r).join(',')} ${r.url} ${r.config?.public === true ? 'public' : ''}`,
    );
    expect(declared).toEqual(
      expect.arrayContaining([
        'GET /api/config/limits ',
        'PUT /api/config/limits/:name ',
        'POST /api/auth/signin public',
      ]),
    );
    expect(declared.some((d) => d.startsWith('HEAD,GET /*') && d.endsWith('public'))).toBe(true);
    expect(protectedRoutes().length).toBeGreaterThan(30);
  });

  it('answers no 2xx and no 5xx to any spelling of any protected route without a token', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of protectedRoutes()) {
      for (const url of [route.url, ...variants(route.url), `${route.url}?size=15000`]) {
        const payload = route.method === 'GET' || route.method === 'HEAD' ? undefined : {};
        const res = await h.request({
          method: route.method,
          url,
          payload,
          headers: { accept: 'text/html,application/json' },
        });
        requests++;
        if (res.statusCode < 300 || res.statusCode >= 500)
          failures.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(500);
  });

  it('answers 401 to unknown /api paths in any spelling, and 404 to them with a token', async () => {
    const token = await h.tokenFor('ROLE_READER');
    for (const url of [
      '/api/no-such-thing',
      '/%61pi/no-such-thing',
      '/API/no-such-thing',
      '/x/../api/no-such-thing',
      '/api//no-such-thing',
      '//api/no-such-thing',
      '/api',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await h.request({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await h.request({ method: 'GET', url, token })).statusCode, url).toBe(404);
    }
  });

  it('answers a path the router cannot decode in our words: under /api 401, then 404; elsewhere 404', async () => {
    const token = await h.tokenFor('ROLE_READER');
    for (const url of [
      '/api/boxes/%ff/boxpos',
      '/%61pi/analysis/%zz',
      '/api/config/limits/%E0%A4%A',
      '/api/%',
    ]) {
      const anonymous = await h.request({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toEqual({ message: 'Authentication required' });
      const signedIn = await h.request({ method: 'GET', url, token });
      expect(signedIn.statusCode, url).toBe(404);
      expect(signedIn.body, url).not.toMatch(/FST_|valid url/i);
    }
    const page = await h.request({ method: 'GET', url: '/analysis/%ff', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ message: 'Not found' });
  });

  it('still serves the client and its SPA routes without a token', async () => {
    expect((await h.request({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect((await h.request({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const page = await h.request({ method: 'GET', url: '/analysis', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>labdesk</title>');
    expect((await h.request({ method: 'POST', url: '/api/auth/signin', payload: {} })).statusCode).toBe(400);
  });
});
