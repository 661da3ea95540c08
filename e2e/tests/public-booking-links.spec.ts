import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { snapshot } from '../support/screenshot.ts';
import { serverState } from '../support/state.ts';

// The pages a customer reaches from outside the booking page: the success page after saving a booking,
// the cancellation link of the confirmation mail (through the dev mail viewer) and the terms page.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

const fjord = () => serverState().companies.find((c) => c.name === 'Fjord Karting')!;

interface Booked {
  email: string;
  successUrl: string;
}

/**
 * Books one driver at Fjord Karting (which is paid at the circuit) through the API, as the wizard does:
 * a cart, a hold on a session at least three days ahead (Fjord allows cancelling up to a day before),
 * then saveBooking. The confirmation mail goes to a fresh address.
 */
async function bookAtFjord(request: APIRequestContext, acceptSendPromo = 0): Promise<Booked> {
  const config = await (await request.get(`/api/config/${fjord().key}`)).json();
  const headers = { Authorization: `Bearer ${config.token}` };
  const { productsBooking } = await (await request.get(`/api/product?idCompany=${config.idCompany}`)).json();
  const product = productsBooking.find((p: { stock: number | null }) => p.stock === null || p.stock > 5);
  let date = '';
  let slot: { startTime: string; price: number } | undefined;
  for (let days = 3; days < 30 && !slot; days++) {
    date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const answer = await request.get(`/api/booking/availability?date=${date}&idType=${product.id}&type=PRODUCT`, { headers });
    const { data } = await answer.json();
    slot = data.slots.find((s: { available: boolean; usersAvailable: number }) => s.available && s.usersAvailable >= 1);
  }
  expect(slot, 'a free session at Fjord Karting within a month').toBeDefined();
  const cart = await (await request.post('/api/payment/shopping-cart', { headers, data: { idCompany: config.idCompany } })).json();
  const hold = await request.post('/api/prebooking', {
    headers,
    data: { bookingDates: [`${date} ${slot!.startTime}`], numDrivers: 1, idType: product.id, type: 'PRODUCT', token: cart.token, price: slot!.price },
  });
  expect(hold.status()).toBe(201);
  const { prebookingIdentifier } = await hold.json();
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const saved = await request.post('/api/booking/saveBooking', {
    headers,
    data: {
      token: cart.token,
      nombre: 'Ana',
      apellidos: 'Berg',
      phone: '+4520123456',
      email,
      emailConfirmation: email,
      adultConfirmation: 1,
      acceptSendPromo,
      identifiersPrebooking: [prebookingIdentifier],
      slots: [{ prebookingIdentifier, drivers: [{ name: 'Ana' }] }],
      isPaymentsActive: 0,
      culture: 'en-GB',
    },
  });
  expect(saved.status()).toBe(200);
  const { url } = await saved.json();
  return { email, successUrl: new URL(url).pathname + new URL(url).search };
}

/** Opens the newest mail to the address in the dev mail viewer. */
async function openNewestMailTo(page: Page, email: string) {
  await page.goto('/dev/mail');
  const row = page.getByRole('row').filter({ hasText: email }).first();
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
}

test.beforeEach(async ({ context }) => {
  // The demo companies default to Spanish and Danish: these pages are checked in English.
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
});

test('a booking paid at the circuit: the success page, then cancelling through the mail’s link, twice', async ({ page, context, request }, testInfo) => {
  test.setTimeout(90_000); // a booking, four pages and three axe runs
  const booked = await bookAtFjord(request);

  // The success page tells the truth: booked, to be paid at the circuit, with the branding of the company
  // whose booking page the visitor came from (the booking page keeps its key in session storage).
  await context.addInitScript((key) => sessionStorage.setItem('pitlane.companyKey', key), fjord().key);
  await page.goto(booked.successUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('outcome')).toHaveText('Your places are booked. You pay at the circuit on the day.');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Fjord Karting' })).toBeVisible();
  await snapshot(page, testInfo, 'success-pay-at-circuit');
  expect(await seriousViolations(page)).toEqual([]);

  // The confirmation mail carries the cancellation link.
  await openNewestMailTo(page, booked.email);
  const cancelLink = page.getByRole('link', { name: /cancel/i }).first();
  const href = await cancelLink.getAttribute('href');
  expect(href).toMatch(/\/cancelBooking\/[A-Za-z0-9_-]+$/);
  await cancelLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking is cancelled' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await snapshot(page, testInfo, 'cancelled');
  expect(await seriousViolations(page)).toEqual([]);

  // The same link again: already cancelled.
  await page.goto(new URL(href!).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'This booking was already cancelled' })).toBeVisible();
  await snapshot(page, testInfo, 'already-cancelled');
  expect(await seriousViolations(page)).toEqual([]);

  // And the success page now says the booking is cancelled.
  await page.goto(booked.successUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'This booking has been cancelled' })).toBeVisible();
});

test('an unknown cancellation link shows the error page', async ({ page }, testInfo) => {
  await page.goto('/cancelBooking/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: 'This cancellation link is not valid' })).toBeVisible();
  await snapshot(page, testInfo, 'cancel-unknown');
  expect(await seriousViolations(page)).toEqual([]);
});

test("the terms page shows the company's terms in the visitor's language, and fits a phone", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/terms?company=${fjord().key}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByTestId('terms-text')).toContainText('Booking terms – Fjord Karting');
  await snapshot(page, testInfo, 'terms-en');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.getByRole('banner').getByRole('combobox').selectOption('da-DK');
  await expect(page.getByRole('heading', { level: 1, name: 'Vilkår og betingelser' })).toBeVisible();
  await expect(page.getByTestId('terms-text')).toContainText('Bookingbetingelser – Fjord Karting');
});

test('a success page for a booking that does not exist says so', async ({ page }, testInfo) => {
  await page.goto('/success?booking=00000000000000000000000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this booking' })).toBeVisible();
  await snapshot(page, testInfo, 'success-not-found');
  expect(await seriousViolations(page)).toEqual([]);
});
