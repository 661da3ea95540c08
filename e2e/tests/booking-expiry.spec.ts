import { expect, test } from '@playwright/test';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
import {
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  next,
  openBooking,
  pickSession,
  stageHeading,
} from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

test.describe('booking wizard when the hold runs out', () => {
  test.describe.configure({ timeout: 120_000 });
  let server: ExtraServer;

  test.beforeAll(async () => {
    server = await startExtraServer({ PITLANE_HOLD_TTL: '5s' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('the visitor is told time is up and the wizard restarts at the first stage', async ({ page }, testInfo) => {
    await openBooking(page, company(DEMO.fjord, server.state));
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickSession(page, { day: bookableDay(3), time: '16:20:00' });
    await expect(page.getByTestId('hold-countdown')).toHaveText(/less than a minute/);
    await expect(page.getByTestId('hold-countdown')).toHaveAttribute('aria-live', 'polite');
    // The hold lasts 5 s here: a plain screenshot (no axe run) before it runs out.
    await snapshot(page, testInfo, 'stage-1-date-held');

    const notice = page.getByTestId('timeout-notice');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('Time is up');
    await expect(notice).toContainText('The time to complete your booking has run out and your sessions were released.');
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible();
    await expect(page.getByTestId('booking-wizard')).toHaveAttribute('data-stage', '0');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 0/);
    await checkStage(page, testInfo, 'expiry-restart');
  });
});
