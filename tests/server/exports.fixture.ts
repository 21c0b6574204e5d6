// Helpers of the export tests: a per-file data dir and polling a job as the client does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Harness } from './harness';

export const exportDataDir = (): string => mkdtempSync(join(tmpdir(), 'labdesk-exports-'));

/** Polls check (as the client does, without the 2 s pause) until it answers something but 404. */
export const waitForExport = async (
  h: Harness,
  token: string,
  type: string,
  file: string,
  timeoutMs = 20_000,
): Promise<LightMyRequestResponse> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await h.request({
      method: 'GET',
      url: `/api/export/check/${type}?file=${encodeURIComponent(file)}`,
      token,
    });
    if (res.statusCode !== 404) return res;
    if (Date.now() > until) throw new Error(`export ${file} not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Starts an export, waits until it is ready (200 expected) and downloads it. */
export const exportAndDownload = async (
  h: Harness,
  token: string,
  resource: 'analysis' | 'samples',
  type: string,
  query: string,
): Promise<{
  file: string;
  body: Buffer;
  download: LightMyRequestResponse;
  check: LightMyRequestResponse;
}> => {
  const start = await h.request({ method: 'GET', url: `/api/${resource}/export/${type}${query}`, token });
  if (start.statusCode !== 200) throw new Error(`export answered ${start.statusCode}: ${start.body}`);
  const file = start.body;
  const check = await waitForExport(h, token, type, file);
  if (check.statusCode !== 200) throw new Error(`check answered ${check.statusCode}: ${check.body}`);
  const download = await h.request({
    method: 'GET',
    url: `/api/export/download/${type}?file=${encodeURIComponent(file)}`,
    token,
  });
  if (download.statusCode !== 200)
    throw new Error(`download answered ${download.statusCode}: ${download.body}`);
  return { file, body: download.rawPayload, download, check };
};
