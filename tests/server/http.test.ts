import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, HttpError } from '../../src/server/http/errors';
import { createHarness, useHarness } from './harness';

const clientDir = mkdtempSync(join(tmpdir(), 'labdesk-dist-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>labdesk</title><div id="root"></div>');
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log("labdesk")');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const SECRET_DETAIL = 'connection string postgres://user:pw@db/secret';

const h = useHarness({
  clientDir,
  setup: (app) => {
    // Test-only routes behind the normal auth hook.
    app.get('/api/test/boom', async () => {
      throw new Error(SECRET_DETAIL);
    });
    app.get('/api/test/teapot', async () => {
      throw new HttpError(418, 'I am a teapot', ['short and stout']);
    });
  },
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the client', () => {
  it('serves index.html at /', async () => {
    const res = await h.request({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it.each(['/analysis', '/samples', '/boxes/12', '/doc'])('falls back to index.html for the deep link %s', async (url) => {
    const res = await h.request({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const res = await h.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 (not the page) for a missing file that is not a page request', async () => {
    const res = await h.request({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  it('answers a hint to build the client when dist is missing', async () => {
    const bare = await createHarness({ clientDir: join(clientDir, 'nope') });
    try {
      const res = await bare.request({ method: 'GET', url: '/analysis', headers: html });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('API errors', () => {
  it('answers 404 JSON for an unknown /api path, even for a page request', async () => {
    const token = await h.tokenFor('ROLE_READER');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await h.request({ method, url: '/api/no-such-thing', token, headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: `${HTTP_MESSAGES.notFound}: ${method} /api/no-such-thing` });
    }
  });

  it('hides the details of a 5xx from the client and keeps them in the log', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const res = await h.request({ method: 'GET', url: '/api/test/boom', token });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.internal });
    expect(res.body).not.toContain('postgres://');
    expect(h.logs.join('\n')).toContain(SECRET_DETAIL);
  });

  it('passes the message and errors of a 4xx', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const res = await h.request({ method: 'GET', url: '/api/test/teapot', token });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: 'I am a teapot', errors: ['short and stout'] });
  });

  it('answers 400 for malformed JSON without a stack trace', async () => {
    const res = await h.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.body).not.toMatch(/at .*\.js/);
  });
});
