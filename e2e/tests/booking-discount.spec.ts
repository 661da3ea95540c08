import { expect, test } from '@playwright/test';
import {
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  fillRegister,
  next,
  openBooking,
  pickDay,
  slot,
  stageHeading,
} from '../support/booking.ts';

test.describe('booking wizard, discount codes', () => {
  test.describe.configure({ timeout: 120_000 });

  test('BIENVENIDO10 takes 10 % off at Circuito Norte; a second code is refused', async ({ page }, testInfo) => {
    await openBooking(page, company('Circuito Norte'));
    await chooseProduct(page, 'Tanda adultos 15 minutos', 2);
    await next(page);
    await pickDay(page, bookableDay(6));
    await slot(page, '13:00:00').click();
    await expect(slot(page, '13:00:00')).toHaveAttribute('data-status', 'MARKED');
    await next(page);
    const stamp = Date.now();
    await fillRegister(page, { nombre: 'Carmen', email: `disc-${stamp}@example.com`, phone: '622333444' }, [
      { name: 'Carmen', email: `c1-${stamp}@example.com` },
      { name: 'Diego', email: `c2-${stamp}@example.com` },
    ]);
    await next(page);
    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(page.getByTestId('summary-total')).toHaveText('€58.00');

    const code = page.getByRole('textbox', { name: 'Discount code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    await expect(apply).toBeDisabled();
    await code.fill('NOPE-NOT-A-CODE');
    await apply.click();
    await expect(page.getByText('The promo code has expired or is not valid.')).toBeVisible();

    await code.fill('bienvenido10');
    await apply.click();
    await expect(page.getByTestId('summary-total')).toHaveText('€52.20');
    await expect(page.getByTestId('summary-totals')).toContainText('Discount (BIENVENIDO10)');
    await expect(page.getByTestId('summary-totals')).toContainText('-€5.80');
    const item = page.getByTestId('summary-item');
    await expect(item).toContainText('€52.20');
    await expect(item.locator('[class*="strike"]')).toHaveText('€58.00');
    await expect(page.getByTestId('compact-card')).toContainText('€52.20');
    await checkStage(page, testInfo, 'discount-applied');

    await code.fill('NORTE5');
    await apply.click();
    await expect(page.getByText('A discount is already applied to this booking.')).toBeVisible();
    await expect(page.getByTestId('summary-total')).toHaveText('€52.20');
  });

  test('a code in the link is filled in and hides the add-product button', async ({ page }) => {
    await openBooking(page, company('Circuito Norte'), '?discount=BIENVENIDO10');
    await expect(page.getByText('Discount code BIENVENIDO10 will be applied on the summary.')).toBeVisible();
    await chooseProduct(page, 'Tanda adultos 10 minutos', 1);
    await next(page);
    await pickDay(page, bookableDay(6));
    await slot(page, '13:15:00').click();
    await expect(slot(page, '13:15:00')).toHaveAttribute('data-status', 'MARKED');
    await next(page);
    const stamp = Date.now();
    await fillRegister(page, { nombre: 'Iker', email: `link-${stamp}@example.com`, phone: '633444555' }, [
      { name: 'Iker', email: `i-${stamp}@example.com` },
    ]);
    await next(page);
    await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveValue('BIENVENIDO10');
    await expect(page.getByRole('button', { name: 'Add another product' })).toHaveCount(0);
  });
});
