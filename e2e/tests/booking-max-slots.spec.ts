import { expect, test } from '@playwright/test';
import {
  bookableDay,
  chooseProduct,
  company,
  next,
  openBooking,
  pickDay,
  slot,
  stageHeading,
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Sessions of this file only: Fjord Karting three days ahead (four past a Monday) at 20:00 and 20:20 (Fjord Ring) and the same
// times on the Junior Track.

test.describe('booking wizard, maxSlotsBooking', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the server counts the sessions of the whole cart: a fourth hold is refused with the spec message', async ({ page }) => {
    const fjord = company(DEMO.fjord);
    const day = bookableDay(3);
    await openBooking(page, fjord);
    // First item: two sessions (Fjord Karting allows three per booking).
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickDay(page, day);
    await expect(page.getByText('Choose one or more sessions (maximum per booking: 3).')).toBeVisible();
    for (const time of ['20:00:00', '20:20:00']) {
      await slot(page, time).click();
      await expect(slot(page, time)).toHaveAttribute('data-status', 'MARKED');
    }
    await next(page);
    await toSummary(page, { nombre: 'Maja', email: uniqueEmail('maxslots'), phone: '50123456' }, [{ name: 'Maja' }]);

    // Second item: its screen counts only its own sessions, the server the cart's.
    await page.getByRole('button', { name: 'Add another product' }).click();
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible();
    await chooseProduct(page, 'Junior – 8 minutter', 1);
    await next(page);
    await pickDay(page, day);
    await slot(page, '20:00:00').click();
    await expect(slot(page, '20:00:00')).toHaveAttribute('data-status', 'MARKED');
    const cart = page.getByTestId('cart-button');
    const heldName = await cart.getAttribute('aria-label');

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/prebooking') && r.request().method() === 'POST');
    await slot(page, '20:20:00').click();
    const refused = await answer;
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ fields: { bookingDates: expect.stringMatching(/^max_slots/) } });
    await expect(
      page.getByRole('alert').filter({ hasText: 'You have reached the maximum number of sessions per booking (3).' }),
    ).toBeVisible();
    // The refused session is free again; the sessions held so far stay held.
    await expect(slot(page, '20:20:00')).toHaveAttribute('data-status', 'AVAILABLE');
    await expect(slot(page, '20:00:00')).toHaveAttribute('data-status', 'MARKED');
    expect(heldName).toMatch(/pre-bookings: \d/);
    await expect(cart).toHaveAttribute('aria-label', heldName!);
    await next(page);
    await expect(stageHeading(page, 'Your details')).toBeVisible();
  });
});
