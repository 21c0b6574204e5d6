// PUT /api/label/{zpl} against a real TCP listener started here: the printer side receives the exact
// bytes. Also: 400 for anything but the app's own ZPL, 503 without a printer, 502 on a closed port.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_PRINTED } from '../../src/domain/messages';
import { LABEL_PRINT_MESSAGES } from '../../src/domain/rules/label';
import { buildLabelZpl } from '../../src/domain/zpl';
import { createHarness, type Harness } from './harness';

interface Printer {
  server: Server;
  port: number;
  /** Every connection's bytes, once the client closed it. */
  jobs: Buffer[];
  /** Resolves with the next finished job. */
  next: () => Promise<Buffer>;
}

const startPrinter = async (): Promise<Printer> => {
  const jobs: Buffer[] = [];
  const waiting: ((b: Buffer) => void)[] = [];
  const server = createServer((socket: Socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      const job = Buffer.concat(chunks);
      jobs.push(job);
      waiting.shift()?.(job);
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    jobs,
    next: () => new Promise<Buffer>((resolve) => waiting.push(resolve)),
  };
};

/** A port that was just free: listened on, then closed. */
const closedPort = async (): Promise<number> => {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
};

const label = { first: 'Beet 2025', second: 'Lane 2', barcode: '400638133393 1', footer: 'Lab-01' };
const url = (zpl: string) => `/api/label/${encodeURIComponent(zpl)}`;

describe('label printing to a real TCP printer', () => {
  let printer: Printer;
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    printer = await startPrinter();
    h = await createHarness({ config: { printer: { host: '127.0.0.1', port: printer.port } } });
    token = await h.tokenFor('ROLE_READER');
  });
  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => printer?.server.close(() => resolve()));
  });

  it('sends the exact ZPL bytes and answers 200 once the printer took them', async () => {
    const zpl = buildLabelZpl(label);
    const received = printer.next();
    const res = await h.request({ method: 'PUT', url: url(zpl), token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: LABEL_PRINTED });
    const bytes = await received;
    expect(bytes.toString('latin1')).toBe(zpl);
    expect(bytes.toString('latin1')).toBe(
      '^XA^CF0,40^FO40,16^FDBeet 2025^FS^FO40,62^FDLane 2^FS^BY3^FO40,108^BEN,90,Y,N^FD400638133393^FS^FO40,240^FDLab-01^FS^XZ',
    );
  });

  it('needs a token', async () => {
    const before = printer.jobs.length;
    const res = await h.request({ method: 'PUT', url: url(buildLabelZpl(label)) });
    expect(res.statusCode).toBe(401);
    expect(printer.jobs.length).toBe(before);
  });

  it.each([
    ['a foreign command', '^XA^JUS^XZ'],
    ['a printer setting', '~JA^XA^FO40,30^FDa^FS^XZ'],
    ['two labels', '^XA^FO40,30^FDa^FS^XZ^XA^FO40,30^FDb^FS^XZ'],
    ['too long', `^XA${'^FO40,30^FDaaaaaaaaaaaa^FS'.repeat(40)}^XZ`],
    ['plain text', 'hello'],
  ])('refuses %s with 400 and sends nothing', async (_name, zpl) => {
    const before = printer.jobs.length;
    const res = await h.request({ method: 'PUT', url: url(zpl), token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LABEL_PRINT_MESSAGES.foreignZpl);
    await new Promise((r) => setTimeout(r, 50));
    expect(printer.jobs.length).toBe(before);
  });
});

describe('without a reachable printer', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    h = await createHarness({ config: { printer: { host: '127.0.0.1', port } } });
  });
  afterAll(async () => h?.close());

  it('answers 502 for a closed port and writes the failure to the hardware log', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const res = await h.request({ method: 'PUT', url: url(buildLabelZpl(label)), token });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(LABEL_PRINT_MESSAGES.unreachable(`127.0.0.1:${port}`, 'connection refused'));
    const logs = await h.db.selectFrom('hwLog').select(['level', 'info']).execute();
    expect(logs).toEqual([{ level: 'ERROR', info: `Label printer 127.0.0.1:${port}: connection refused` }]);
  });
});

describe('failed prints in a loop (issue 29: unbounded hardware-log lines)', () => {
  let h: Harness;
  let where: string;
  beforeAll(async () => {
    const port = await closedPort();
    where = `127.0.0.1:${port}`;
    h = await createHarness({ config: { printer: { host: '127.0.0.1', port } }, hwLogBudget: { burst: 3, refillMs: 60_000 } });
  });
  afterAll(async () => h?.close());

  const lines = () => h.db.selectFrom('hwLog').select(['info']).orderBy('logId').execute();
  const print = (token: string) => h.request({ method: 'PUT', url: url(buildLabelZpl(label)), token });

  it('writes a few lines per user, counts the rest and writes the count as one line', async () => {
    await h.addUser('looping.reader@test.lab', 'ROLE_READER');
    const token = await h.signIn('looping.reader@test.lab');
    for (let i = 0; i < 30; i++) expect((await print(token)).statusCode).toBe(502);
    const failure = `Label printer ${where}: connection refused`;
    expect((await lines()).map((l) => l.info)).toEqual([failure, failure, failure]);
    // Another person's failure is theirs to log.
    expect((await print(await h.tokenFor('ROLE_READER'))).statusCode).toBe(502);
    expect(await lines()).toHaveLength(4);
    // When the bucket has a token again: the count, then the line that got through.
    h.app.hwLogBudget.options.refillMs = 20;
    await new Promise((r) => setTimeout(r, 50));
    expect((await print(token)).statusCode).toBe(502);
    expect((await lines()).slice(4).map((l) => l.info)).toEqual([
      `Label printer ${where}: 27 more failed prints by looping.reader@test.lab not logged one by one`,
      failure,
    ]);
  });

  it('a count nobody follows is written when the bucket refills (or the server closes)', async () => {
    h.app.hwLogBudget.options = { burst: 1, refillMs: 60_000 };
    await h.addUser('second.loop@test.lab', 'ROLE_READER');
    const token = await h.signIn('second.loop@test.lab');
    const before = (await lines()).length;
    for (let i = 0; i < 5; i++) await print(token);
    expect(await lines()).toHaveLength(before + 1);
    await h.app.hwLogBudget.flush();
    expect((await lines()).at(-1)!.info).toBe(`Label printer ${where}: 4 more failed prints by second.loop@test.lab not logged one by one`);
  });
});

describe('with no printer configured', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ config: { printer: undefined } });
  });
  afterAll(async () => h?.close());

  it('answers 503 saying how to configure one', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const res = await h.request({ method: 'PUT', url: url(buildLabelZpl(label)), token });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: LABEL_PRINT_MESSAGES.noPrinter });
  });
});
