import { expect, test } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  next,
  pickSession,
  stageHeading,
  startBooking,
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.describe('booking wizard, several products', () => {
  // Two products, two reloads and six stages checked with axe: on a busy two-core machine this took
  // 150 s in CI (twice, timed out) and 75 s with two workers under load 20. A ceiling, not a schedule.
  test.describe.configure({ timeout: 240_000 });

  test('adds a second product, drops it by leaving the summary backwards, and books the first', async ({ page }, testInfo) => {
    const email = uniqueEmail('multi');
    const day = bookableDay(11);
    await startBooking(page, company(DEMO.fjord), {
      product: 'Voksen – 10 minutter',
      drivers: 1,
      session: { day, time: '18:20:00' },
    }, testInfo);
    // A reload keeps the step: the hold is still live in the server's cart.
    await page.reload();
    await expect(stageHeading(page, 'Your details')).toBeVisible();
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 1/);
    await toSummary(page, { nombre: 'Ida', email, phone: '50123456' }, [{ name: 'Ida' }], { testInfo });
    await page.reload();
    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(page.getByTestId('summary-item')).toContainText('Voksen – 10 minutter');

    // Another product: back to the first stage with a fresh item.
    await page.getByRole('button', { name: 'Add another product' }).click();
    await expect(stageHeading(page, 'Drivers and product')).toBeFocused();
    await expect(page.getByTestId('drivers-count')).toHaveText('1');
    await expect(page.getByRole('radio', { checked: true, name: /minutter|heats|Firmaløb/ })).toHaveCount(0);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 1/);
    await chooseProduct(page, 'Junior – 8 minutter', 2);
    await next(page);
    await pickSession(page, { day, time: '18:40:00' });
    await checkStage(page, testInfo, 'stage-1-date-second-product');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 2/);
    await next(page);
    // The contact is kept; the new item's drivers start empty.
    await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Ida');
    await expect(page.getByRole('textbox', { name: /^Name of driver 1/ })).toHaveValue('');
    await page.getByRole('checkbox', { name: /Fill in the names for me/ }).check();
    await expect(page.getByRole('textbox', { name: /^Name of driver 1/ })).toHaveValue('Driver1');
    await expect(page.getByRole('textbox', { name: /^Name of driver 2/ })).toHaveValue('Driver2');
    await page.getByRole('checkbox', { name: /Fill in the names for me/ }).uncheck();
    await expect(page.getByRole('textbox', { name: /^Name of driver 2/ })).toHaveValue('Driver2');
    await page.getByRole('textbox', { name: /^Name of driver 1/ }).fill('Noah');
    await page.getByRole('textbox', { name: /^Name of driver 2/ }).fill('Alma');
    await next(page);

    await expect(page.getByTestId('summary-item')).toHaveCount(2);
    await expect(page.getByTestId('compact-card')).toContainText('Tickets: 3');
    await checkStage(page, testInfo, 'stage-3-summary-two-products');

    // Leaving the summary backwards drops the current (last) item and its hold.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(stageHeading(page, 'Date and sessions')).toBeVisible();
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 1/);
    // The cart button jumps back to the summary with the first item only.
    await page.getByTestId('cart-button').click();
    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(page.getByTestId('summary-item')).toHaveCount(1);
    await expect(page.getByTestId('summary-item')).toContainText('Voksen – 10 minutter');

    await acceptTerms(page);
    await page.getByRole('button', { name: 'Create booking' }).click();
    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeVisible();
    await checkStage(page, testInfo, 'stage-4-done');
  });
});
