import { expect, test } from '../support/own-server.ts';
import {
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  next,
  openBooking,
  pickDay,
  slot,
  stageHeading,
} from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

// Holds last 5 s on this spec's own server.
test.use({ ownServerEnv: { PITLANE_HOLD_TTL: '5s' } });

test.describe('booking wizard when the hold runs out', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the visitor is told time is up and the wizard restarts at the first stage', async ({ page, ownServer }, testInfo) => {
    await page.clock.install();
    await openBooking(page, company(DEMO.fjord, ownServer.state));
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickDay(page, bookableDay(3));
    // The page's clock (its Date; its timers still run) stands still from just before the hold until the
    // held stage has been checked: the page cannot find its 5-second hold run out meanwhile, however slow
    // the machine.
    await page.clock.setFixedTime(Date.now());
    await slot(page, '16:20:00').click();
    await expect(slot(page, '16:20:00')).toHaveAttribute('data-status', 'MARKED');
    await expect(page.getByTestId('hold-countdown')).toHaveText(/less than a minute/);
    await expect(page.getByTestId('hold-countdown')).toHaveAttribute('aria-live', 'polite');
    await snapshot(page, testInfo, 'stage-1-date-held');

    // The clock runs again from the real time: the hold has run out, or does within 5 s.
    await page.clock.setSystemTime(Date.now());

    const notice = page.getByTestId('timeout-notice');
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText('Time is up');
    await expect(notice).toContainText('The time to complete your booking has run out and your sessions were released.');
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible();
    await expect(page.getByTestId('booking-wizard')).toHaveAttribute('data-stage', '0');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 0/);
    await checkStage(page, testInfo, 'expiry-restart');
  });
});
