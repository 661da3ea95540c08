import { expect, test } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  checkPage,
  checkStage,
  chooseProduct,
  company,
  fillRegister,
  next,
  openBooking,
  openNewestMailTo,
  pickDay,
  slot,
  stageHeading,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.describe('booking wizard, paying at the circuit', () => {
  test.describe.configure({ timeout: 180_000 });

  test('two drivers, one session at Fjord Karting: booked, and the confirmation mail is sent', async ({ page }, testInfo) => {
    const fjord = company(DEMO.fjord);
    const email = uniqueEmail('fjord');
    await openBooking(page, fjord);
    await checkStage(page, testInfo, 'stage-0-drivers');

    await chooseProduct(page, 'Voksen – 10 minutter', 2);
    await next(page);
    await expect(stageHeading(page, 'Date and sessions')).toBeFocused();
    const day = bookableDay(3);
    await pickDay(page, day);
    // Fjord shows the free places of each session, coloured by occupancy.
    await expect(slot(page, '17:00:00').getByTestId('slot-free')).toContainText('10 free');
    await expect(slot(page, '17:00:00').getByTestId('slot-free')).toHaveAttribute('data-color', 'green');
    await slot(page, '17:00:00').click();
    await expect(slot(page, '17:00:00')).toHaveAttribute('data-status', 'MARKED');
    await expect(slot(page, '17:00:00')).toHaveAttribute('aria-pressed', 'true');
    // The header's cart counts the pre-booking; the hold's time is shown.
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 1/);
    await expect(page.getByTestId('hold-countdown')).toContainText('Time left to finish your booking');
    await checkStage(page, testInfo, 'stage-1-date');

    await next(page);
    await fillRegister(page, { nombre: 'Mette', apellidos: 'Hansen', email, phone: '20123456' }, [
      { name: 'Mette' },
      { name: 'Lars' },
    ]);
    await checkStage(page, testInfo, 'stage-2-register');
    await next(page);

    await expect(stageHeading(page, 'Summary of your booking')).toBeFocused();
    const item = page.getByTestId('summary-item');
    await expect(item).toContainText('Voksen – 10 minutter');
    // The chosen session is written out with its weekday (issue 16), in the page's language (English).
    const written = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC',
    });
    await expect(item).toContainText(`${written} · 17:00`);
    await expect(item).toContainText('Drivers: 2 × Sessions: 1');
    await expect(item).toContainText('Track: Fjord Ring');
    await expect(page.getByText('You pay at the circuit when you arrive.')).toBeVisible();
    await expect(page.getByText('Taxes included.')).toBeVisible();
    // Without online payment there is no discount code field.
    await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveCount(0);
    await expect(page.getByTestId('summary-contact')).toContainText('+4520123456');
    await expect(page.getByTestId('compact-card')).toContainText('Tickets: 2');

    const create = page.getByRole('button', { name: 'Create booking' });
    await expect(create).toBeDisabled();
    await page.getByRole('button', { name: 'terms and conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'terms and conditions' });
    await expect(terms).toContainText('Fjord Karting');
    await checkStage(page, testInfo, 'stage-3-terms');
    // The dialog's own Close: a spec on the other worker may be on this page too, and the live viewers'
    // "hurry" notice then has a Close button of its own.
    await terms.getByRole('button', { name: 'Close' }).click();
    await acceptTerms(page);
    await checkStage(page, testInfo, 'stage-3-summary');
    await create.click();

    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeVisible();
    await expect(page.getByText('We have sent you a confirmation e-mail with all the details.')).toBeVisible();
    await expect(page.getByTestId('booking-wizard')).toHaveAttribute('data-stage', '4');
    await expect(page.getByTestId('cart-button')).toHaveCount(0);
    await checkStage(page, testInfo, 'stage-4-done');

    await openNewestMailTo(page, email, 'Booking confirmed at Fjord Karting');
    await expect(page.getByRole('region', { name: 'Message' })).toContainText('Lars');
    await checkPage(page, testInfo, 'confirmation-mail');
  });
});
