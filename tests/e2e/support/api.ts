// The server's API called the way the signed-in page calls it, with the session's own token, to
// compare what a screen shows with what the API answers.
import { expect } from '@playwright/test';
import { baseUrl } from './env';
import type { LabApp } from './fixtures';

/** GET /api/… with the signed-in session's token; expects a 2xx answer and returns its JSON. */
export async function apiGet<T>(app: LabApp, path: string): Promise<T> {
  const user = JSON.parse((await app.getStorage('user')) ?? '{}') as { accessToken?: string };
  const response = await app.page.request.get(`${baseUrl()}/api/${path}`, {
    headers: { authorization: `Bearer ${user.accessToken ?? ''}` },
  });
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}
