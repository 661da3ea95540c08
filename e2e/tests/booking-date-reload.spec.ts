import { expect, test } from '@playwright/test';
import {
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  next,
  openBooking,
  pickSession,
  slot,
  stageHeading,
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Sessions of this file only: Fjord Karting tomorrow (or the day after, past a Monday) at 19:00 and 19:20.

test.describe('booking wizard, a reload on the date stage', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the sessions held before the reload are still held and shown chosen; Next goes on with them', async ({ page }, testInfo) => {
    const day = bookableDay(1);
    await openBooking(page, company(DEMO.fjord));
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickSession(page, { day, time: '19:00:00' });
    await slot(page, '19:20:00').click();
    await expect(slot(page, '19:20:00')).toHaveAttribute('data-status', 'MARKED');
    const cart = page.getByTestId('cart-button');
    await expect(cart).toHaveAccessibleName(/pre-bookings: 2/);

    await page.reload();
    await expect(stageHeading(page, 'Date and sessions')).toBeVisible({ timeout: 30_000 });
    // The same day, its grid loaded, the two sessions marked: the server still holds them.
    await expect(page.locator(`[data-date="${day}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('slot-skeleton')).toHaveCount(0, { timeout: 30_000 });
    await expect(slot(page, '19:00:00')).toHaveAttribute('data-status', 'MARKED');
    await expect(slot(page, '19:20:00')).toHaveAttribute('data-status', 'MARKED');
    await expect(cart).toHaveAccessibleName(/pre-bookings: 2/);
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
    await checkStage(page, testInfo, 'date-after-reload');

    // Unmarking one after the reload frees it on the server; the other goes on to the register stage.
    await slot(page, '19:20:00').click();
    await expect(slot(page, '19:20:00')).toHaveAttribute('data-status', 'AVAILABLE');
    await expect(cart).toHaveAccessibleName(/pre-bookings: 1/);
    await next(page);
    await expect(stageHeading(page, 'Your details')).toBeVisible();
    await expect(cart).toHaveAccessibleName(/pre-bookings: 1/);
    await toSummary(page, { nombre: 'Sofie', email: uniqueEmail('reload'), phone: '50123456' }, [{ name: 'Sofie' }]);
    const item = page.getByTestId('summary-item');
    await expect(item).toContainText('19:00');
    await expect(item).not.toContainText('19:20');
    await expect(item).not.toContainText('kr. 0.00');
  });
});
