// When a heavy read gives its slot back (http/heavyReads.ts): a buffered answer once it is sent,
// since its database work is done; a streamed one (read from the database while it is sent) only
// when its last byte has left. Judged by what a second heavy read of the same user would meet at
// those moments: a hook registered after the plugin's sees the slots as they are when the answer
// goes out. (Held for the transfer, the slot refused the user's next page as busy although the
// client already had the whole answer.)
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { heavyReadPlugin } from '../../src/server/http/heavyReads';

const USER = 'reader@test.lab';

const appWith = async (body: () => unknown): Promise<{ app: FastifyInstance; atSend: number[] }> => {
  const app = Fastify();
  const atSend: number[] = [];
  app.addHook('onRequest', async (request) => {
    (request as unknown as { user: { email: string } }).user = { email: USER };
  });
  await app.register(heavyReadPlugin, { kind: 'pglite' });
  app.addHook('onSend', async (_request, _reply, payload) => {
    atSend.push(app.heavyReads.running);
    return payload;
  });
  app.get('/heavy', { config: { heavyRead: true } }, async (_request, reply) => reply.send(body()));
  app.get('/light', async () => ({ ok: true }));
  await app.ready();
  return { app, atSend };
};

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('heavy read slots', () => {
  it('a buffered answer frees its slot as it is sent, so the same user may read again at once', async () => {
    const { app, atSend } = await appWith(() => Buffer.from(JSON.stringify({ rows: [1, 2, 3] })));
    open = app;
    expect((await app.inject({ method: 'GET', url: '/heavy' })).statusCode).toBe(200);
    expect(atSend).toEqual([0]);
    expect((await app.inject({ method: 'GET', url: '/heavy' })).statusCode).toBe(200);
    expect(app.heavyReads.running).toBe(0);
  });

  it('a streamed answer keeps its slot while it is sent and frees it when done', async () => {
    const { app, atSend } = await appWith(() => Readable.from(['a;b\n', '1;2\n']));
    open = app;
    const res = await app.inject({ method: 'GET', url: '/heavy' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('a;b\n1;2\n');
    expect(atSend).toEqual([1]);
    expect(app.heavyReads.running).toBe(0);
  });

  it('a light request takes no slot', async () => {
    const { app, atSend } = await appWith(() => 'x');
    open = app;
    expect((await app.inject({ method: 'GET', url: '/light' })).statusCode).toBe(200);
    expect(atSend).toEqual([0]);
  });
});
