import { expect, test } from '@playwright/test';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { checkPage, company, openNewestMailTo } from '../support/booking.ts';
import { ownClientAddress } from '../support/client-address.ts';
import { DEMO } from '../support/state.ts';

// The pages a customer reaches from outside the booking page: the success page after saving a booking,
// the cancellation link of the confirmation mail (through the dev mail viewer) and the terms page.

const fjord = () => company(DEMO.fjord);

// The cancel routes allow a client 10 calls a minute: each test is its own client (X-Forwarded-For).
test.use(ownClientAddress);

test.beforeEach(async ({ context }) => {
  // The demo companies default to Spanish and Danish: these pages are checked in English.
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
});

test('a booking paid at the circuit: the success page, then cancelling through the mail’s link, twice', async ({ page, context, request }, testInfo) => {
  test.setTimeout(90_000); // a booking, four pages and three axe runs
  const booked = await bookAtCircuitByApi(request, fjord());

  // The success page tells the truth: booked, to be paid at the circuit, with the branding of the company
  // whose booking page the visitor came from (the booking page keeps its key in session storage).
  await context.addInitScript((key) => sessionStorage.setItem('pitlane.companyKey', key), fjord().key);
  await page.goto(booked.successUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('outcome')).toHaveText('Your places are booked. You pay at the circuit on the day.');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Fjord Karting' })).toBeVisible();
  await checkPage(page, testInfo, 'success-pay-at-circuit');

  // The confirmation mail carries the cancellation link.
  await openNewestMailTo(page, booked.email, 'booking_confirmation');
  const cancelLink = page.getByRole('link', { name: /cancel/i }).first();
  const href = await cancelLink.getAttribute('href');
  expect(href).toMatch(/\/cancelBooking\/[A-Za-z0-9_-]+$/);
  await cancelLink.click();

  // Opening the link cancels nothing: the page shows the booking and asks.
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your booking' })).toBeVisible();
  await expect(page.getByTestId('booking-summary')).toContainText('Fjord Karting');
  await expect(page.getByTestId('money-unpaid')).toContainText('Nothing has been paid, so there is nothing to refund.');
  await checkPage(page, testInfo, 'cancel-preview');

  // Cancel booking, then confirm in the dialog.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking is cancelled' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByTestId('money-unpaid')).toContainText('Nothing was paid, so there is nothing to refund.');
  await checkPage(page, testInfo, 'cancelled');

  // The same link again: already cancelled.
  await page.goto(new URL(href!).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'This booking was already cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await checkPage(page, testInfo, 'already-cancelled');

  // And the success page now says the booking is cancelled.
  await page.goto(booked.successUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'This booking has been cancelled' })).toBeVisible();
});

test('an unknown cancellation link shows the error page', async ({ page }, testInfo) => {
  await page.goto('/cancelBooking/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: 'This cancellation link is not valid' })).toBeVisible();
  await checkPage(page, testInfo, 'cancel-unknown');
});

test("the terms page shows the company's terms in the visitor's language, and fits a phone", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/terms?company=${fjord().key}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByTestId('terms-text')).toContainText('Booking terms – Fjord Karting');
  await checkPage(page, testInfo, 'terms-en');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.getByRole('banner').getByRole('combobox').selectOption('da-DK');
  await expect(page.getByRole('heading', { level: 1, name: 'Vilkår og betingelser' })).toBeVisible();
  await expect(page.getByTestId('terms-text')).toContainText('Bookingbetingelser – Fjord Karting');
});

test('a success page for a booking that does not exist says so', async ({ page }, testInfo) => {
  await page.goto('/success?booking=00000000000000000000000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this booking' })).toBeVisible();
  await checkPage(page, testInfo, 'success-not-found');
});
