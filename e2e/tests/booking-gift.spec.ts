import { expect, test } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  fillRegister,
  next,
  openBooking,
  payWithCard,
  pickDay,
  slot,
  stageHeading,
} from '../support/booking.ts';

test.describe('booking wizard, sent as a gift', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the receiver gets the gift mail once the booking is paid', async ({ page }, testInfo) => {
    await openBooking(page, company('Circuito Norte'));
    await chooseProduct(page, 'Tanda adultos 10 minutos', 1);
    await next(page);
    await pickDay(page, bookableDay(7));
    await slot(page, '13:30:00').click();
    await expect(slot(page, '13:30:00')).toHaveAttribute('data-status', 'MARKED');
    await next(page);
    const stamp = Date.now();
    const receiver = `eva-${stamp}@example.com`;
    await fillRegister(page, { nombre: 'Marta', email: `gift-${stamp}@example.com`, phone: '644555666' }, [
      { name: 'Eva', email: `e-${stamp}@example.com` },
    ]);
    await page.getByRole('switch', { name: 'Send this booking as a gift' }).check();
    await page.getByRole('textbox', { name: /^Name of the person receiving it/ }).fill('Eva');
    await page.getByRole('textbox', { name: /^Their e-mail/ }).fill(receiver);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('¡Feliz cumpleaños! A correr.');
    await expect(page.getByText('28 / 250 characters')).toBeVisible();
    await message.fill('x'.repeat(251));
    await message.blur();
    await expect(page.getByText('The message is too long.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await message.fill('¡Feliz cumpleaños! A correr.');
    await checkStage(page, testInfo, 'gift-register');
    await next(page);

    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(page.getByTestId('gift-indicator')).toHaveText('Sent as a gift to Eva');
    await acceptTerms(page);
    await checkStage(page, testInfo, 'gift-summary');
    await page.getByRole('button', { name: 'Create and pay' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/success\?booking=/);

    await expect(async () => {
      await page.goto('/dev/mail');
      await expect(page.getByRole('row').filter({ hasText: receiver })).toContainText('gift_voucher');
    }).toPass({ timeout: 20_000 });
  });
});
