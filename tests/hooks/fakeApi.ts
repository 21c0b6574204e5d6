// A fake of the server's HTTP API for hook tests: routes by method and path, records every request,
// and answers with real Response objects through the browser's own fetch interface (ky runs as in
// the app). Not a mock of our code: the hooks, machines and the api modules under test are real.
import { vi } from 'vitest';

export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  /** The body as sent: parsed JSON, else its text; null without one. */
  body: unknown;
}

type Answer = { status?: number; json?: unknown; text?: string } | (() => Promise<Response>);

export function fakeApi(routes: Record<string, Answer>) {
  const seen: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.body ? await request.clone().text() : '';
    const body =
      text === '' ? null : /json/.test(request.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
    seen.push({ method: request.method, path: url.pathname, search: url.searchParams, body });
    const answer = routes[`${request.method} ${url.pathname}`];
    if (answer === undefined) return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    if (typeof answer === 'function') return answer();
    const status = answer.status ?? 200;
    if (answer.json !== undefined)
      return new Response(JSON.stringify(answer.json), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(status === 204 ? null : (answer.text ?? ''), {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    seen,
    calls: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}
