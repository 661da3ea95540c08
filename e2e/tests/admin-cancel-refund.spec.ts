import { expect, test } from '@playwright/test';
import { sectionRegion } from '../support/admin.ts';
import { amountOf, openAdmin, openSection, payOnlineSaleAtNorte, queryBilling, saleRows, sqlRows, todayIn } from '../support/admin-money.ts';
import { seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

test.describe('back office: cancel a paid booking from its details, with the money', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the dialog shows the refund to the card before the confirmation; one step cancels and refunds; the mail states it; billing shows the refund line', async ({
    page,
  }, testInfo) => {
    const sale = await payOnlineSaleAtNorte(page, '13:30:00');
    await openAdmin(page, DEMO.norte);

    // Found at the counter by its reference.
    const today = sectionRegion(page, 'Today');
    await expect(today).toBeVisible({ timeout: 30_000 });
    await today.getByRole('searchbox', { name: 'Find a booking' }).fill(sale.reference);
    const found = today.getByRole('region', { name: `Bookings found for “${sale.reference}”` });
    await found.getByRole('button', { name: `Details of booking ${sale.reference}` }).click();
    const details = page.getByRole('dialog', { name: `Booking ${sale.reference}` });
    await details.getByRole('button', { name: 'Cancel booking' }).click();

    // The money before the confirmation: the whole payment back to the card, chosen by default.
    const dialog = page.getByRole('dialog', { name: /^Cancel booking · / });
    const refund = dialog.getByRole('radio', { name: /^Refund .+ to the card$/ });
    await expect(refund).toBeChecked();
    const amount = amountOf((await dialog.getByText(/^Refund .+ to the card$/).textContent())!);
    expect(amount).toBeGreaterThan(0);
    // The reference and the amount are isolated for right-to-left languages (U+2068…U+2069 around them).
    const money = `€${amount.toFixed(2)}`;
    await expect(dialog.getByRole('status')).toHaveText(
      new RegExp(`^Cancel booking .?${sale.reference}.?\\? Refund .?${money.replace('.', '\\.')}.? to the card\\.$`),
    );
    expect(await seriousViolations(page, 'page'), 'axe on the cancel dialog').toEqual([]);
    await snapshot(page, testInfo, 'cancel-with-refund');

    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText(/^Booking cancelled\. Refunded /)).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await expect(details.getByText('Cancelled').first()).toBeVisible();

    // The customer's cancellation mail states the amount refunded to the card.
    const cents = Math.round(amount * 100);
    await expect(async () => {
      const mails = sqlRows<{ body: string }>(
        `SELECT body_text AS body FROM outbox_emails WHERE kind = 'booking_cancellation' AND to_addr = '${sale.email}'`,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].body).toContain(`Refunded €${amount.toFixed(2)} to your card`);
    }).toPass({ timeout: 30_000 });
    const ledger = sqlRows<{ kind: string; cents: number }>(
      `SELECT e.kind, ABS(e.amount_cents) AS cents FROM payment_entries e JOIN bookings b ON b.id = e.booking_id
       WHERE b.identifier = '${sale.identifier}' ORDER BY e.id`,
    );
    expect(ledger).toEqual([
      { kind: 'charge', cents },
      { kind: 'refund', cents },
    ]);

    // Billing today: the sale and its refund line.
    await details.getByRole('button', { name: 'Close' }).first().click();
    await openSection(page, 'Billing');
    const day = todayIn('Europe/Madrid');
    await queryBilling(page, day, day);
    await page.getByRole('searchbox', { name: 'Search' }).fill(sale.email);
    await expect(saleRows(page)).toHaveCount(2, { timeout: 30_000 });
    const refundRows = page.getByRole('table', { name: 'Sales detail' }).locator('tbody tr[data-testid^="sale-R"]');
    await expect(refundRows).toHaveCount(1);
    expect(amountOf((await refundRows.first().locator('td').nth(7).textContent())!)).toBe(-amount);
  });
});
