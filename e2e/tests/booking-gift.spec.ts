import { expect, test } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  checkPage,
  checkStage,
  company,
  fillRegister,
  next,
  openNewestMailTo,
  payWithCard,
  stageHeading,
  startBooking,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.describe('booking wizard, sent as a gift', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the receiver gets the gift mail once the booking is paid', async ({ page }, testInfo) => {
    await startBooking(page, company(DEMO.norte), {
      product: 'Tanda adultos 10 minutos',
      drivers: 1,
      session: { day: bookableDay(7), time: '13:30:00' },
    }, testInfo);
    const receiver = uniqueEmail('eva');
    await fillRegister(page, { nombre: 'Marta', email: uniqueEmail('gift'), phone: '644555666' }, [
      { name: 'Eva', email: uniqueEmail('e') },
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
    await checkStage(page, testInfo, 'stage-2-register-gift');
    await next(page);

    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(page.getByTestId('gift-indicator')).toHaveText('Sent as a gift to Eva');
    await acceptTerms(page);
    await checkStage(page, testInfo, 'stage-3-summary');
    await page.getByRole('button', { name: 'Create and pay' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/success\?booking=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible({ timeout: 30_000 });
    await checkPage(page, testInfo, 'stage-4-success');

    await openNewestMailTo(page, receiver, 'gift_voucher');
    await expect(page.getByRole('region', { name: 'Message' })).toContainText('¡Feliz cumpleaños! A correr.');
    await checkPage(page, testInfo, 'gift-mail');
  });
});
