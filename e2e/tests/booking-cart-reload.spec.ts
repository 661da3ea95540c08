import { expect, test } from '@playwright/test';
import { bookableDay, chooseProduct, company, next, pickSession, stageHeading } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

test.describe('booking wizard after a reload', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a cart that fails to load shows an error with retry, and retry brings the booking back', async ({ page }, testInfo) => {
    await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
    await page.goto(company(DEMO.fjord).url);
    // The first visit loads the whole customer app: give a busy machine time.
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    await chooseProduct(page, 'Junior – 8 minutter', 1);
    await next(page);
    const session = { day: bookableDay(9), time: '17:20:00' };
    await pickSession(page, session);

    // The reload's cart call fails (a network hiccup, a restarting server).
    let failed = 0;
    await page.route(/\/api\/payment\/shopping-cart\/[^/]+$/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      failed += 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"unavailable","message":"Try later."}' });
    });
    await page.reload();
    const error = page.getByTestId('cart-load-error');
    await expect(error).toBeVisible({ timeout: 30_000 });
    await expect(error).toContainText('Your booking could not be loaded');
    expect(failed).toBeGreaterThan(0);
    // Not silently reset to the first stage.
    await expect(stageHeading(page, 'Drivers and product')).toHaveCount(0);
    await snapshot(page, testInfo, 'cart-load-error');

    await page.unroute(/\/api\/payment\/shopping-cart\/[^/]+$/);
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(stageHeading(page, 'Date and sessions')).toBeVisible({ timeout: 30_000 });
    await expect(error).toHaveCount(0);
    // The booking in progress is back where it was: its product and drivers, on the date stage.
    await expect(page.getByRole('button', { name: 'Drivers: 1 · Junior – 8 minutter' })).toBeVisible();
  });

  test('a cart the server no longer knows after a reload says the booking expired and starts again', async ({ page }, testInfo) => {
    await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
    await page.goto(company(DEMO.fjord).url);
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    await chooseProduct(page, 'Junior – 8 minutter', 1);
    await next(page);
    await pickSession(page, { day: bookableDay(10), time: '17:20:00' });

    // The cart is gone when the page comes back (it expired and was swept): the server answers 404.
    await page.route(/\/api\/payment\/shopping-cart\/[^/]+$/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"not_found","message":"Not found."}' });
    });
    await page.reload();
    const notice = page.getByTestId('expired-notice');
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText('Your booking expired');
    await expect(notice).toContainText('the places held for it were released');
    // The wizard starts again at its first stage, with the reason on screen rather than silently.
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible();
    await expect(page.getByTestId('cart-load-error')).toHaveCount(0);
    await snapshot(page, testInfo, 'cart-expired-after-reload');
  });
});

