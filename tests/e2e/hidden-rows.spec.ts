// An empty Analysis table says what it hides on purpose and offers the way to it (issue 27): the
// rows the exclusion checkboxes leave out ('Show them' lifts the exclusions), and the rows outside
// the campaign ('N analyses outside the campaign'; 'Show them' lifts the campaign for this view until
// 'Back to the campaign'). Own server: this file moves the campaign.
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, isolatedTest as test } from './support/fixtures';

const grid = (page: Page) => page.getByRole('grid', { name: 'Analyses' });

test('the exclusions: the count of what they leave out, and Show them', async ({ app, page }) => {
  await app.setStorage('analysis.filter', JSON.stringify(['aFlags,T']));
  await app.setStorage('analysis.exclusion', JSON.stringify(['test']));
  await app.signInAs('reader', '/analysis');
  await expect(grid(page)).toContainText('Sorry, there is no data!');
  await expect(grid(page)).toContainText(/^.*\d+ analys(is|es) left out by the exclusions/);
  await grid(page).getByRole('button', { name: 'Show them' }).click();
  await expect(grid(page)).not.toContainText('Sorry, there is no data!');
  await expect(page.getByText(/^Currently filtering #[1-9]/)).toBeVisible();
});

test('the campaign: the count of what it hides, Show them, and back to the campaign', async ({ app, page, baseURL }) => {
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
  // Counted in the lab's de-AT format: '1 234 analyses …' (a no-break space between thousands).
  const hint = grid(page).getByText(/^[\d\s]+ analyses outside the campaign/);
  await expect(hint).toBeVisible();
  const outside = Number(/^([\d\s]+) analyses/.exec(await hint.innerText())![1]!.replace(/\D/g, ''));

  // Shown from the view itself, for this view only, until the user puts the campaign back.
  await hint.getByRole('button', { name: 'Show them' }).click();
  await expect(grid(page)).not.toContainText('Sorry, there is no data!');
  await expect(page.getByText(`Currently filtering #${outside}`, { exact: true })).toBeVisible();
  const back = page.getByRole('button', { name: 'Back to the campaign' });
  await expect(back).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show them' })).toHaveCount(0);
  // The focus stays on the page (the pressed button is gone): on the way back.
  await expect(back).toBeFocused();
  // Still so after a reload: the choice is kept with the view's other preferences.
  await page.reload();
  await expect(page.getByText(`Currently filtering #${outside}`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Back to the campaign' }).click();
  await expect(grid(page)).toContainText('Sorry, there is no data!');
  await expect(hint).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to the campaign' })).toHaveCount(0);

  // An admin may also widen the campaign itself.
  await grid(page).getByRole('button', { name: 'Change the campaign' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});
