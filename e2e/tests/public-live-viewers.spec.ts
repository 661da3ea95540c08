import { expect, test, type Browser, type Page } from '@playwright/test';
import { snapshot } from '../support/screenshot.ts';
import { firstCompany } from '../support/state.ts';

/** A visitor of its own (a fresh browser context) on a page, in English. */
async function visitor(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

// Other tests may view the same booking page at the same time (they are the 'someone else' too), so this
// test asserts what must happen whoever else is there. That viewers of different pages are not told is
// tested on the server (internal/httpapi/ws_test.go, internal/realtime).
test('two visitors of one booking page both see the hurry toast, once, for 10 seconds', async ({ browser }, testInfo) => {
  test.setTimeout(60_000);
  const company = firstCompany();
  // Both arrive together, so that each is there when the other joins.
  const [first, second] = await Promise.all([visitor(browser, company.url), visitor(browser, company.url)]);

  for (const page of [first, second]) {
    await expect(page.getByText('Hurry up!')).toBeVisible();
    await expect(page.getByText('Someone else is looking at this page right now, and places can go fast.')).toBeVisible();
  }
  await snapshot(second, testInfo, 'hurry-toast');

  // The toast goes after 10 seconds (unit-tested), and the socket is closed: a later visitor does not
  // bring it back.
  await expect(first.getByText('Hurry up!')).toBeHidden({ timeout: 15_000 });
  await expect(second.getByText('Hurry up!')).toBeHidden({ timeout: 15_000 });
  const third = await visitor(browser, company.url);
  await third.waitForTimeout(1_000); // time enough for the server to tell anyone still listening
  await expect(first.getByText('Hurry up!')).toHaveCount(0);
  await expect(second.getByText('Hurry up!')).toHaveCount(0);

  for (const page of [first, second, third]) await page.context().close();
});
