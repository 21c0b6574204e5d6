// The raw-TCP printer client's bounded waits, against real listeners: a printer that takes the bytes
// but never closes is done after the linger; one that never answers the job at all (its receive
// window closed) times out; a closed port is refused at once.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PrinterError, sendToPrinter } from '../../src/server/printer/send';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

const listen = async (onConnection: (socket: Socket) => void, allowHalfOpen = false): Promise<number> => {
  const server = createServer({ allowHalfOpen }, (socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

describe('sendToPrinter', () => {
  it('a printer that keeps the connection open has the bytes once the linger is over', async () => {
    const received: Buffer[] = [];
    // allowHalfOpen: our FIN does not close its side, as with printers that wait for more jobs.
    const port = await listen((socket) => socket.on('data', (c: Buffer) => received.push(c)), true);
    const started = Date.now();
    await sendToPrinter({ host: '127.0.0.1', port }, '^XA^XZ', { connectMs: 1000, totalMs: 5000, lingerMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await expect.poll(() => Buffer.concat(received).toString()).toBe('^XA^XZ');
  });

  it('a printer that takes nothing times out within the total bound', async () => {
    // The listener never reads: once its receive buffer and our send buffer are full, the bytes
    // cannot leave, and the job must fail within totalMs instead of hanging.
    const port = await listen((socket) => socket.pause());
    const big = 'x'.repeat(32 * 1024 * 1024);
    // The total bound's own error says the bound ended it; a send that hung instead would end only
    // at the test's timeout. (No elapsed time is asserted: on a loaded machine writing the 32 MB
    // into the socket's buffers alone took seconds.)
    const err = await sendToPrinter({ host: '127.0.0.1', port }, big, { connectMs: 1000, totalMs: 500, lingerMs: 100 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PrinterError);
    expect((err as Error).message).toBe('no answer within 0.5 s');
  });

  it('a closed port is refused', async () => {
    const port = await listen(() => undefined);
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    await expect(
      sendToPrinter({ host: '127.0.0.1', port }, '^XA^XZ', { connectMs: 1000, totalMs: 2000, lingerMs: 100 }),
    ).rejects.toThrow('connection refused');
  });
});
