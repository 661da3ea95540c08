import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { bookAtCircuitByApi, type Booked } from '../support/api-booking.ts';
import { checkPage, company, openNewestMailTo } from '../support/booking.ts';
import { ownClientAddress } from '../support/client-address.ts';
import { expect, test } from '../support/own-server.ts';
import { DEMO } from '../support/state.ts';

/** Runs a query on a server's SQLite database with Debian's sqlite3. */
function sqlOn(database: string, query: string): string {
  return execFileSync('sqlite3', [database], { input: `.timeout 10000\n${query}\n` }).toString().trim();
}

/** The cancellation link's token, read from the confirmation mail on the development mail page. */
async function cancelToken(page: Page, booked: Booked): Promise<string> {
  await openNewestMailTo(page, booked.email, 'booking_confirmation');
  const link = page.getByRole('region', { name: 'Message' }).getByRole('link', { name: 'Cancel my booking' });
  const href = await link.getAttribute('href');
  const token = /\/cancelBooking\/([A-Za-z0-9_-]{22,64})$/.exec(href ?? '')?.[1];
  expect(token, `cancel link ${href}`).toBeTruthy();
  return token!;
}

/** The booking's status through the preview API (which changes nothing). */
async function statusOf(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`/api/booking/cancel/${token}`);
  expect(res.status()).toBe(200);
  return (await res.json()).status;
}

/**
 * Marks the booking paid on the card through the simulated provider, as its card page would: the
 * provider's own record of the checkout (approved), the payment and its charge in the ledger.
 */
function payOnCard(sql: (query: string) => string, booked: Booked, baseURL: string): { cents: number; ref: string } {
  const id = sql(`SELECT id FROM bookings WHERE email = '${booked.email}';`);
  const cents = Number(sql(`SELECT total_cents FROM bookings WHERE id = ${id};`));
  const ref = `e2e_cancel_${id}`;
  const now = Date.now();
  sql(`UPDATE bookings SET status = 'pagada', payment_mode = 'online' WHERE id = ${id};
    INSERT INTO payments (company_id, booking_id, provider, provider_ref, status, amount_cents, currency, created_at, updated_at)
      SELECT company_id, id, 'simulated', '${ref}', 'approved', total_cents, (SELECT currency FROM companies c WHERE c.id = company_id), ${now}, ${now} FROM bookings WHERE id = ${id};
    INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
      SELECT id, booking_id, 'charge', amount_cents, 'simulated', 'charge-${ref}', ${now} FROM payments WHERE provider_ref = '${ref}';
    INSERT INTO sim_checkouts (ref, payment_id, amount_cents, currency, description, reference, email, culture, success_url,
      cancel_url, notify_url, status, created_at, expires_at, decided_at)
      SELECT '${ref}', id, amount_cents, currency, 'e2e', '${id}', '${booked.email}', 'en-GB', '${baseURL}/ok', '${baseURL}/ko',
        '${baseURL}/api/payment/notify/simulated', 'approved', ${now}, ${now + 1_800_000}, ${now} FROM payments WHERE provider_ref = '${ref}';`);
  return { cents, ref };
}

/** "58.00": cents as the page writes them in English, without the currency sign. */
const amount = (cents: number) => (cents / 100).toFixed(2);

/** Presses Cancel booking and confirms it in the dialog. */
async function pressCancel(page: Page) {
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking is cancelled' })).toBeVisible();
}

// The cancel routes allow a client 10 calls a minute: each test is its own client (X-Forwarded-For).
test.use(ownClientAddress);

// The refund policy is a company setting (Fjord Karting's), which the other specs' cancel pages read:
// each test runs on a demo server of its own.
test.describe('cancel page', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  });

  test('opening the link cancels nothing, with or without JavaScript; the button cancels', async ({ page, browser, request, ownServer }, testInfo) => {
    const sql = (query: string) => sqlOn(ownServer.database, query);
    const booked = await bookAtCircuitByApi(request, company(DEMO.fjord, ownServer.state));
    const token = await cancelToken(page, booked);

    // Without JavaScript (a mail scanner, a link preview): the page loads, the booking stays.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    const answer = await bare.goto(`/cancelBooking/${token}`);
    expect(answer?.status()).toBe(200);
    await noScript.close();
    expect(await statusOf(request, token)).not.toBe('cancelada');

    // With JavaScript: the booking and what cancelling means, and still nothing cancelled.
    await page.goto(`/cancelBooking/${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel your booking' })).toBeVisible();
    const summary = page.getByTestId('booking-summary');
    await expect(summary).toContainText('Fjord Karting');
    await expect(summary).toContainText('Ana');
    // The short reference customers know, not the internal identifier, under the circuit's bar.
    await expect(summary).toContainText(booked.reference);
    await expect(summary).not.toContainText(booked.identifier);
    await expect(page.getByTestId('branded-header')).toBeVisible();
    await expect(page.getByTestId('money-unpaid')).toContainText('Nothing has been paid, so there is nothing to refund.');
    await checkPage(page, testInfo, 'cancel-1-preview');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
    expect(await statusOf(request, token)).not.toBe('cancelada');
    expect(sql(`SELECT status FROM bookings WHERE email = '${booked.email}';`)).not.toBe('cancelada');

    // Keep my booking changes nothing; Cancel booking and its confirmation cancel.
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Keep my booking' }).click();
    expect(await statusOf(request, token)).not.toBe('cancelada');
    await pressCancel(page);
    await expect(page.getByTestId('money-unpaid')).toContainText('Nothing was paid, so there is nothing to refund.');
    await checkPage(page, testInfo, 'cancel-2-done');
    expect(await statusOf(request, token)).toBe('cancelada');

    // Opening the link again: already cancelled, no button.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'This booking was already cancelled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  });

  test('too late to cancel online: the page gives the circuit\'s phone and e-mail, whole and left to right in Arabic, and the mail does not offer the link', async ({ page, request, ownServer }, testInfo) => {
    const sql = (query: string) => sqlOn(ownServer.database, query);
    const booked = await bookAtCircuitByApi(request, company(DEMO.fjord, ownServer.state));
    const token = await cancelToken(page, booked);
    // Fjord Karting now closes online cancellations 30 days before: the booking is inside the window.
    sql(`UPDATE companies SET cancel_booking_max_days = 30 WHERE id = ${booked.companyId};`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/cancelBooking/${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This booking can no longer be cancelled online' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    const phone = page.getByRole('link', { name: '+45 46 12 34 56' });
    await expect(page.getByTestId('company-phone')).toContainText('Call the circuit: +45 46 12 34 56');
    await expect(phone).toHaveAttribute('href', 'tel:+4546123456');
    await expect(page.getByRole('link', { name: 'booking@fjordkarting.example' })).toHaveAttribute('href', 'mailto:booking@fjordkarting.example');
    await checkPage(page, testInfo, 'cancel-closed-contact');

    // In Arabic the number keeps its order and stays on one line.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar-SA');
    await expect(page.getByTestId('company-phone')).toContainText('اتصل بالحلبة');
    await expect(phone.locator('bdi')).toHaveAttribute('dir', 'ltr');
    await expect(phone.locator('bdi')).toHaveText('+45 46 12 34 56');
    const box = await phone.boundingBox();
    const line = await phone.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
    expect(box!.height, 'the phone number on one line').toBeLessThan(line * 1.5);
    await checkPage(page, testInfo, 'cancel-closed-contact-ar');

    // A booking made now, inside the window: its mail says to contact the circuit, with no cancel link.
    const late = await bookAtCircuitByApi(request, company(DEMO.fjord, ownServer.state));
    await openNewestMailTo(page, late.email, 'booking_confirmation');
    const mail = page.getByRole('region', { name: 'Message' });
    await expect(mail.getByRole('link', { name: 'Cancel my booking' })).toHaveCount(0);
    await expect(mail).toContainText('can no longer be cancelled online');
    await expect(mail).toContainText('+45 46 12 34 56');
    await expect(mail).toContainText('booking@fjordkarting.example');
  });

  // What the page says before and after, and the amount it names (none for the none policy).
  const policies = [
    { policy: 'card', preview: 'will be refunded to your card at once.', done: 'has been refunded to your card.', testId: 'money-card', named: true },
    { policy: 'desk', preview: 'will be refunded to you at the circuit.', done: 'will be refunded to you at the circuit.', testId: 'money-desk', named: true },
    { policy: 'none', preview: "Under the circuit's policy, cancelling gives no refund.", done: "No refund under the circuit's policy.", testId: 'money-none', named: false },
  ];
  for (const p of policies) {
    test(`a booking paid by card, cancelled under the ${p.policy} policy`, async ({ page, request, baseURL, ownServer }, testInfo) => {
      const sql = (query: string) => sqlOn(ownServer.database, query);
      const booked = await bookAtCircuitByApi(request, company(DEMO.fjord, ownServer.state));
      const token = await cancelToken(page, booked);
      const id = sql(`SELECT id FROM bookings WHERE email = '${booked.email}';`);
      const { cents, ref } = payOnCard(sql, booked, baseURL!);
      sql(`UPDATE companies SET cancel_refund_policy = '${p.policy}' WHERE id = ${booked.companyId};`);
      await page.goto(`/cancelBooking/${token}`);
      await expect(page.getByTestId(p.testId)).toContainText(p.preview);
      if (p.named) await expect(page.getByTestId(p.testId)).toContainText(amount(cents));
      await checkPage(page, testInfo, `cancel-${p.policy}-1-preview`);
      expect(await statusOf(request, token)).toBe('pagada');

      await pressCancel(page);
      await expect(page.getByTestId(p.testId)).toContainText(p.done);
      if (p.named) await expect(page.getByTestId(p.testId)).toContainText(amount(cents));
      await checkPage(page, testInfo, `cancel-${p.policy}-2-done`);

      const refunded = Number(sql(`SELECT COALESCE(SUM(ABS(amount_cents)), 0) FROM payment_entries WHERE booking_id = ${id} AND kind = 'refund';`));
      const provider = Number(sql(`SELECT COALESCE(SUM(amount_cents), 0) FROM sim_events WHERE ref = '${ref}' AND outcome = 'refunded';`));
      const owed = Number(sql(`SELECT refund_owed_cents FROM bookings WHERE id = ${id};`));
      expect({ refunded, provider, owed }).toEqual({
        refunded: p.policy === 'card' ? cents : 0,
        provider: p.policy === 'card' ? cents : 0,
        owed: p.policy === 'desk' ? cents : 0,
      });

      // A second press (another tab) answers the same and refunds nothing more.
      const again = await request.post(`/api/booking/cancel/${token}`);
      expect(again.status()).toBe(200);
      expect(Number(sql(`SELECT COALESCE(SUM(ABS(amount_cents)), 0) FROM payment_entries WHERE booking_id = ${id} AND kind = 'refund';`))).toBe(refunded);
    });
  }
});
