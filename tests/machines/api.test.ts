// The ky client's typed errors against a real HTTP server on 127.0.0.1 (no mocks of fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, verify } from '../../src/api/auth';
import { ApiError, createHttp } from '../../src/api/http';
import {
  closeServer,
  createServer,
  json,
  listenLocal,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from './local-server';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: Array<{
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
  type: string | undefined;
}> = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
        type: req.headers['content-type'],
      });
      const handler = routes.get(`${req.method} ${req.url}`);
      if (handler) handler(req, body, res);
      else json(res, 404, { message: 'Not found' });
    });
  });
  baseUrl = await listenLocal(server);
});

afterAll(() => closeServer(server));

const caught = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
};

describe('api client', () => {
  it('signs in: POST /api/auth/signin with JSON, parsed with the domain schema', async () => {
    routes.set('POST /api/auth/signin', (_req, _body, res) =>
      json(res, 200, { accessToken: 't1', email: 'a@lab.test', roles: ['ROLE_ADMIN'] }),
    );
    const http = createHttp({ getToken: () => null, baseUrl });
    await expect(signIn(http, { email: 'a@lab.test', password: 'password1' })).resolves.toEqual({
      accessToken: 't1',
      email: 'a@lab.test',
      roles: ['ROLE_ADMIN'],
    });
    const request = seen.at(-1);
    expect(request?.type).toMatch(/^application\/json/);
    expect(JSON.parse(request?.body ?? '')).toEqual({ email: 'a@lab.test', password: 'password1' });
  });

  it('401 with {message}: an http ApiError carrying the status and the server message', async () => {
    routes.set('POST /api/auth/signin', (_req, _body, res) => json(res, 401, { message: 'Bad credentials' }));
    const http = createHttp({ getToken: () => null, baseUrl });
    const error = await caught(signIn(http, { email: 'a@lab.test', password: 'wrong-pass' }));
    expect(error).toMatchObject({ kind: 'http', status: 401, message: 'Bad credentials' });
  });

  it('400 keeps the validation messages in errors', async () => {
    routes.set('POST /api/auth/signin', (_req, _body, res) =>
      json(res, 400, { message: 'Validation failed', errors: ['E-Mail must be valid'] }),
    );
    const http = createHttp({ getToken: () => null, baseUrl });
    const error = await caught(signIn(http, { email: 'x', password: 'password1' }));
    expect(error).toMatchObject({ kind: 'http', status: 400, errors: ['E-Mail must be valid'] });
  });

  it('an error without a JSON body falls back to the error text', async () => {
    routes.set('POST /api/auth/signin', (_req, _body, res) =>
      res.writeHead(502).end('<html>bad gateway</html>'),
    );
    const http = createHttp({ getToken: () => null, baseUrl });
    const error = await caught(signIn(http, { email: 'a@lab.test', password: 'password1' }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/502/);
  });

  it('never retries a POST', async () => {
    routes.set('POST /api/auth/signin', (_req, _body, res) => json(res, 504, { message: 'Gateway timeout' }));
    const before = seen.length;
    const http = createHttp({ getToken: () => null, baseUrl });
    await caught(signIn(http, { email: 'a@lab.test', password: 'password1' }));
    expect(seen.length - before).toBe(1);
  });

  it('verify sends the raw token as a JSON string body and the Bearer header of the session', async () => {
    routes.set('POST /api/auth/verify', (_req, _body, res) =>
      json(res, 200, { email: 'r@lab.test', roles: ['ROLE_READER'] }),
    );
    const http = createHttp({ getToken: () => 'session-token', baseUrl });
    await expect(verify(http, 'session-token')).resolves.toEqual({
      email: 'r@lab.test',
      roles: ['ROLE_READER'],
    });
    const request = seen.at(-1);
    expect(request?.body).toBe('"session-token"');
    expect(request?.type).toMatch(/^application\/json/);
    expect(request?.authorization).toBe('Bearer session-token');
  });

  it('verify 401 without a body is an http error', async () => {
    routes.set('POST /api/auth/verify', (_req, _body, res) => res.writeHead(401).end());
    const http = createHttp({ getToken: () => null, baseUrl });
    const error = await caught(verify(http, 'tampered'));
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(seen.at(-1)?.authorization).toBeUndefined();
  });

  it('a body that breaks the contract is an invalid ApiError', async () => {
    routes.set('POST /api/auth/verify', (_req, _body, res) =>
      json(res, 200, { email: 'r@lab.test', roles: ['ROLE_ROOT'] }),
    );
    const http = createHttp({ getToken: () => null, baseUrl });
    const error = await caught(verify(http, 't'));
    expect(error.kind).toBe('invalid');
  });

  it('times out with a timeout ApiError', async () => {
    routes.set('POST /api/auth/verify', () => {
      /* never answers */
    });
    const http = createHttp({ getToken: () => null, baseUrl, timeout: 50 });
    const error = await caught(verify(http, 't'));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBeUndefined();
  });

  it('an aborted call is an aborted ApiError', async () => {
    routes.set('POST /api/auth/verify', () => {
      /* never answers */
    });
    const http = createHttp({ getToken: () => null, baseUrl });
    const controller = new AbortController();
    const pending = verify(http, 't', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await caught(pending);
    expect(error.kind).toBe('aborted');
  });

  it('an unreachable server is a network ApiError', async () => {
    // A port that was just free and is closed again: the connection is refused at once.
    const closed = createServer();
    const closedUrl = await listenLocal(closed);
    await closeServer(closed);
    const http = createHttp({ getToken: () => null, baseUrl: closedUrl });
    const error = await caught(verify(http, 't'));
    expect(error.kind).toBe('network');
    expect(error.message).not.toBe('');
  });
});
