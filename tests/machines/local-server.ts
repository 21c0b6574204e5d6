// A real HTTP server on 127.0.0.1 for the API client tests (no mocks of fetch). tests/machines is
// compiled with the browser's types (no @types/node, on purpose: browser code must not see Node
// globals), so node:http is loaded at run time and described by the few members the tests use.
export interface IncomingMessage {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined> & {
    authorization?: string;
    'content-type'?: string;
  };
  on(event: 'data', listener: (chunk: { toString(): string }) => void): void;
  on(event: 'end', listener: () => void): void;
}
export interface ServerResponse {
  writeHead(status: number, headers?: Record<string, string>): ServerResponse;
  end(body?: string): void;
}
export interface Server {
  listen(port: number, host: string, callback: () => void): void;
  address(): { port: number } | string | null;
  close(callback: () => void): void;
  closeAllConnections(): void;
}
type NodeHttp = { createServer(handler?: (req: IncomingMessage, res: ServerResponse) => void): Server };
const NODE_HTTP = 'node:http';
export const { createServer } = (await import(/* @vite-ignore */ NODE_HTTP)) as NodeHttp;

export const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** Listens on a free port of 127.0.0.1; resolves to the base URL. */
export const listenLocal = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
};

export const closeServer = async (server: Server): Promise<void> => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
};
