import { expect, test } from '@playwright/test';
import { snapshot } from '../support/screenshot.ts';
import { firstCompany } from '../support/state.ts';

test('the service worker caches the app shell: the app loads offline, and recovers online', async ({ page, context }, testInfo) => {
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  const company = firstCompany();
  await page.goto(company.url);
  await expect(page.getByRole('banner').getByRole('img', { name: company.name })).toBeVisible();

  // The worker registers, installs the app shell and takes control of the page.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // sw.js and the Workbox runtime are never cached by the browser.
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const runtime = /workbox-[0-9a-f]+/.exec(await sw.text())?.[0];
  expect(runtime, 'sw.js loads the Workbox runtime from a file of its own').toBeTruthy();
  expect((await page.request.get(`/${runtime}.js`)).headers()['cache-control']).toBe('no-cache');

  // Offline, the app shell still loads: the page opens and says it cannot load the company right now.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Oops, something went wrong' })).toBeVisible({ timeout: 30_000 });
  await snapshot(page, testInfo, 'offline');

  // The API is never answered from the cache.
  expect(await page.evaluate(() => fetch('/api/config/x').then(() => 'answered', () => 'failed'))).toBe('failed');

  // Back online, retrying loads the booking page.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('banner').getByRole('img', { name: company.name })).toBeVisible();
  await snapshot(page, testInfo, 'back-online');
});
