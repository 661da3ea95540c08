import { expect, test } from '@playwright/test';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
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
    await openBooking(page, company('Fjord Karting', server.state));
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickDay(page, bookableDay(3));
    await slot(page, '16:20:00').click();
    await expect(slot(page, '16:20:00')).toHaveAttribute('data-status', 'MARKED');
    await expect(page.getByTestId('hold-countdown')).toHaveText(/less than a minute/);
    await expect(page.getByTestId('hold-countdown')).toHaveAttribute('aria-live', 'polite');

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
