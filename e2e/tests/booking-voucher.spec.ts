import { expect, test } from '@playwright/test';
import {
  acceptTerms,
  checkPage,
  checkStage,
  chooseProduct,
  company,
  next,
  openBooking,
  openNewestMailTo,
  stageHeading,
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Voucher mode (customer-side.md section 3): the visitor buys a gift voucher, an open ticket with no
// session, so the wizard has no date stage. Vättern Karting is the demo's voucher shop; it is paid at
// the circuit when the voucher is redeemed.

test.describe('booking wizard in voucher mode', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a gift voucher for two at Vättern Karting: no date stage, booked, and the code in the mail', async ({ page }, testInfo) => {
    const shop = company(DEMO.voucher);
    const email = uniqueEmail('voucher');
    const holds: unknown[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'POST' && (path === '/api/prebooking' || path === '/api/booking/voucher')) holds.push({ path, body: r.postDataJSON() });
    });

    await openBooking(page, shop);
    // Four steps, none of them the date.
    const steps = page.getByRole('navigation', { name: 'Booking steps' });
    await expect(steps.getByRole('button')).toHaveCount(4);
    await expect(steps).not.toContainText('Date');
    await expect(page.getByRole('radio', { name: 'Presentkort – Racerkväll (3 heat)' })).toBeVisible();
    await checkStage(page, testInfo, 'voucher-stage-0-drivers');

    await chooseProduct(page, 'Presentkort – 10 minuter', 2);
    await next(page);
    // The hidden date stage holds the voucher by itself and moves on to the register stage.
    await expect(stageHeading(page, 'Your details')).toBeFocused({ timeout: 30_000 });
    await expect(page.locator('[data-date]')).toHaveCount(0);
    expect(holds).toEqual([{ path: '/api/booking/voucher', body: expect.objectContaining({ numDrivers: 2 }) }]);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 1/);
    // Driver names are not needed for a voucher.
    await expect(page.getByRole('textbox', { name: /^Name of driver 1/ })).not.toHaveAttribute('required', '');
    await page.getByRole('checkbox', { name: 'I want to receive offers and news by e-mail.' }).check();
    await checkStage(page, testInfo, 'voucher-stage-2-register');

    await toSummary(page, { nombre: 'Elin', apellidos: 'Berg', email, phone: '701234567' }, [], {
      heading: 'Summary of your gift voucher',
    });
    await expect(stageHeading(page, 'Summary of your gift voucher')).toBeFocused();
    const item = page.getByTestId('summary-item');
    await expect(item).toContainText('Presentkort – 10 minuter');
    await expect(item).not.toContainText(' · ');
    await expect(page.getByTestId('summary-total')).toContainText('500.00');
    await expect(page.getByText('You pay at the circuit when you arrive.')).toBeVisible();
    await acceptTerms(page);
    await checkStage(page, testInfo, 'voucher-stage-3-summary');
    await page.getByRole('button', { name: 'Create booking' }).click();

    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeVisible();
    await checkStage(page, testInfo, 'voucher-stage-4-done');

    // The confirmation mail carries the redeemable code and no session.
    await openNewestMailTo(page, email, 'booking_confirmation');
    const mail = page.getByRole('region', { name: 'Message' });
    await expect(mail).toContainText('Presentkort – 10 minuter');
    await expect(mail).toContainText('Your voucher code');
    await expect(mail.locator('p[dir="ltr"]')).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    // The drivers of a voucher have no names: no list of blank drivers.
    await expect(mail).not.toContainText('Drivers');
    // Elin opted in to offers: the mail ends with the unsubscribe link.
    await expect(mail.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', /\/member\/unsubscribe\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByText('Attachments').locator('xpath=following-sibling::dd[1]')).toHaveText('none');
    await checkPage(page, testInfo, 'voucher-mail');
  });
});
