import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/own-server.ts';
import { snapshot } from '../support/screenshot.ts';

/** How long the toast stays (web/src/features/live-viewers: HURRY_TOAST_MS). */
const TOAST_MS = 10_000;

/** A visitor of its own (a fresh browser context, the page's clock installed) on a page, in English. */
async function visitor(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

/** Stops the page's clock (a moment ahead of where it is): its timers, the toast's among them, wait for runFor. */
async function stopClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

// On a demo server of its own, so that nobody else views the booking page: each visitor's toast is the
// other's doing. The toast's 10 seconds pass on the pages' clocks (page.clock), so a slow machine cannot
// make it go before it has been looked at. That viewers of different pages are not told is tested on
// the server (internal/httpapi/ws_test.go, internal/realtime).
test('two visitors of one booking page both see the hurry toast, once, for 10 seconds', async ({ browser, ownServer }, testInfo) => {
  test.setTimeout(120_000);
  const company = ownServer.state.companies[0];
  const hurry = (page: Page) => page.getByText('Hurry up!');
  // The first is alone on the page: its clock stops, so its toast, when the second arrives, stays.
  const first = await visitor(browser, company.url);
  await stopClock(first);
  const second = await visitor(browser, company.url);
  await stopClock(second);

  for (const page of [first, second]) {
    await expect(hurry(page)).toBeVisible();
    await expect(page.getByText('Someone else is looking at this page right now, and places can go fast.')).toBeVisible();
  }
  await snapshot(second, testInfo, 'hurry-toast');

  // The first's toast came after its clock stopped: it is still there a second before its 10 seconds are
  // up, and gone after them. The second's came before its clock stopped: gone after 10 seconds too.
  await first.clock.runFor(TOAST_MS - 1_000);
  await expect(hurry(first)).toBeVisible();
  await first.clock.runFor(2_000);
  await second.clock.runFor(TOAST_MS + 1_000);
  for (const page of [first, second]) await page.clock.resume();
  await expect(hurry(first)).toBeHidden();
  await expect(hurry(second)).toBeHidden();

  // The socket is closed once the toast was shown: a later visitor does not bring it back.
  const third = await visitor(browser, company.url);
  await third.waitForTimeout(1_000); // time enough for the server to tell anyone still listening
  await expect(hurry(first)).toHaveCount(0);
  await expect(hurry(second)).toHaveCount(0);

  for (const page of [first, second, third]) await page.context().close();
});
