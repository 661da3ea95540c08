import { expect, test } from '@playwright/test';
import {
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  next,
  openBooking,
  pickSession,
  startBooking,
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.describe('booking wizard, discount codes', () => {
  test.describe.configure({ timeout: 180_000 });

  test('BIENVENIDO10 takes 10 % off at Circuito Norte; a second code is refused', async ({ page }, testInfo) => {
    await startBooking(page, company(DEMO.norte), {
      product: 'Tanda adultos 15 minutos',
      drivers: 2,
      session: { day: bookableDay(6), time: '13:00:00' },
    }, testInfo);
    await toSummary(page, { nombre: 'Carmen', email: uniqueEmail('disc'), phone: '622333444' }, [
      { name: 'Carmen', email: uniqueEmail('c1') },
      { name: 'Diego', email: uniqueEmail('c2') },
    ], { testInfo });
    await expect(page.getByTestId('summary-total')).toHaveText('€58.00');

    const code = page.getByRole('textbox', { name: 'Discount code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    await expect(apply).toBeDisabled();
    await code.fill('NOPE-NOT-A-CODE');
    await apply.click();
    // The generic refusal, or the server's field message once 422 field errors reach the form.
    await expect(page.getByText(/^(The promo code has expired or is not valid|There is no discount with this code)\.$/)).toBeVisible();

    await code.fill('bienvenido10');
    await apply.click();
    await expect(page.getByTestId('summary-total')).toHaveText('€52.20');
    await expect(page.getByTestId('summary-totals')).toContainText('Discount (BIENVENIDO10)');
    await expect(page.getByTestId('summary-totals')).toContainText('-€5.80');
    const item = page.getByTestId('summary-item');
    await expect(item).toContainText('€52.20');
    await expect(item.locator('[class*="strike"]')).toHaveText('€58.00');
    await expect(page.getByTestId('compact-card')).toContainText('€52.20');
    await checkStage(page, testInfo, 'stage-3-discount-applied');

    await code.fill('NORTE5');
    await apply.click();
    await expect(page.getByText('A discount is already applied to this booking.')).toBeVisible();
    await expect(page.getByTestId('summary-total')).toHaveText('€52.20');
  });

  test('a code in the link is filled in and hides the add-product button', async ({ page }, testInfo) => {
    await openBooking(page, company(DEMO.norte), '?discount=BIENVENIDO10');
    await expect(page.getByText('Discount code BIENVENIDO10 will be applied on the summary.')).toBeVisible();
    await chooseProduct(page, 'Tanda adultos 10 minutos', 1);
    await checkStage(page, testInfo, 'stage-0-drivers');
    await next(page);
    await pickSession(page, { day: bookableDay(6), time: '13:15:00' });
    await checkStage(page, testInfo, 'stage-1-date');
    await next(page);
    await toSummary(page, { nombre: 'Iker', email: uniqueEmail('link'), phone: '633444555' }, [
      { name: 'Iker', email: uniqueEmail('i') },
    ], { testInfo });
    await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveValue('BIENVENIDO10');
    await expect(page.getByRole('button', { name: 'Add another product' })).toHaveCount(0);
    await checkStage(page, testInfo, 'stage-3-summary');
  });
});
