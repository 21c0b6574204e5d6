// An empty Analysis table says what it hides on purpose and offers the way to it (issue 27): the
// rows the exclusion checkboxes leave out ('Show them' lifts the exclusions), and the rows outside
// the campaign ('N analyses outside the campaign'). Own server: this file moves the campaign.
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, isolatedTest as test } from './support/fixtures';

const grid = (page: Page) => page.getByRole('grid', { name: 'Analyses' });

test('the exclusions: the count of what they leave out, and Show them', async ({ app, page }) => {
  await app.openOrigin();
  await app.setStorage('analysis.filter', JSON.stringify(['aFlags,T']));
  await app.setStorage('analysis.exclusion', JSON.stringify(['test']));
  await app.signInAs('reader', '/analysis');
  await expect(grid(page)).toContainText('Sorry, there is no data!');
  await expect(grid(page)).toContainText(/^.*\d+ analys(is|es) left out by the exclusions/);
  await grid(page).getByRole('button', { name: 'Show them' }).click();
  await expect(grid(page)).not.toContainText('Sorry, there is no data!');
  await expect(page.getByText(/^Currently filtering #[1-9]/)).toBeVisible();
});

test('the campaign: the count of what it hides', async ({ app, page, baseURL }) => {
  const signin = await page.request.post(`${baseURL}/api/auth/signin`, { data: ACCOUNTS.admin });
  const token = ((await signin.json()) as { accessToken: string }).accessToken;
  const headers = { Authorization: `Bearer ${token}` };
  const { settings } = (await (await page.request.get(`${baseURL}/api/config/settings`, { headers })).json()) as {
    settings: { name: string; start?: string | null; end?: string | null }[];
  };
  const campaign = settings.find((s) => s.name === 'campaign')!;
  const put = await page.request.put(`${baseURL}/api/config/settings/campaign`, {
    headers,
    data: { ...campaign, start: '1999-01-01 00:00:00', end: '1999-12-31 23:59:59' },
  });
  expect(put.ok(), await put.text()).toBe(true);

  await app.signInAs('admin', '/analysis');
  await expect(grid(page)).toContainText('Sorry, there is no data!');
  await expect(grid(page)).toContainText(/\d+ analyses outside the campaign/);
  await grid(page).getByRole('button', { name: 'Change the campaign' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});
