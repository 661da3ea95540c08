import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  amountOf,
  openAdmin,
  payOnlineSaleAtNorte,
  queryBilling,
  saleRows,
  sqlRows,
  todayIn,
} from '../support/admin-money.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

/** The refund dialog of the open sale, its amount field and its accept button. */
function refundDialog(page: Page, reference: string) {
  const dialog = page.getByRole('dialog', { name: `Refund sale ${reference}` });
  return {
    dialog,
    amount: dialog.getByRole('textbox', { name: 'Amount to refund' }),
    accept: dialog.getByRole('button', { name: 'Refund', exact: true }),
  };
}

/** Opens the refund dialog of a sale and returns what it says is still refundable. */
async function openRefund(page: Page, row: Locator, reference: string): Promise<number> {
  await row.getByRole('button', { name: `Refund ${reference}`, exact: true }).click();
  const { dialog } = refundDialog(page, reference);
  await expect(dialog).toBeVisible();
  const text = await dialog.getByText(/^Refundable: /).textContent();
  return amountOf(text!.replace('Refundable: ', ''));
}

/** Types an amount, accepts, and waits for the 'refund sent' toast and the dialog to close. */
async function refund(page: Page, reference: string, amount: string): Promise<void> {
  const { dialog, amount: field, accept } = refundDialog(page, reference);
  await field.fill(amount);
  await expect(accept).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().includes('/api/payment/execute-refund'));
  await accept.click();
  expect((await answer).status(), 'execute-refund').toBe(200);
  await expect(page.getByText('Refund sent.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The toast closes by itself; the next refund's toast is then its own.
  await expect(page.getByText('Refund sent.')).toHaveCount(0, { timeout: 30_000 });
}

test.describe('billing: refunding a sale paid online', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a partial refund twice, then the refund button is off at zero', async ({ page }, testInfo) => {
    const sale = await payOnlineSaleAtNorte(page);
    const { idCompany } = await openAdmin(page, DEMO.norte);

    // Today's sales, narrowed to this customer: the sale alone, paid.
    const today = todayIn('Europe/Madrid');
    await queryBilling(page, today, today);
    await page.getByRole('searchbox', { name: 'Search' }).fill(sale.email);
    const rows = saleRows(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(sale.reference);
    await expect(rows.first()).not.toContainText(sale.identifier);
    const saleTestId = (await rows.first().getAttribute('data-testid'))!;
    expect(saleTestId).toMatch(/^sale-S\d+$/);
    const saleRow = page.getByTestId(saleTestId);
    await expect(saleRow).toContainText('Paid');
    const paid = amountOf((await saleRow.locator('td').nth(7).textContent())!);
    expect(paid).toBeGreaterThan(0);
    await snapshot(page, testInfo, 'billing-sale-paid');

    // The dialog accepts more than 0 and no more than what is left.
    expect(await openRefund(page, saleRow, sale.reference)).toBe(paid);
    const { amount, accept } = refundDialog(page, sale.reference);
    await expect(accept).toBeDisabled();
    await amount.fill('0');
    await expect(accept).toBeDisabled();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill((paid + 0.01).toFixed(2));
    await expect(accept).toBeDisabled();
    await amount.fill('abc');
    await expect(accept).toBeDisabled();
    await snapshot(page, testInfo, 'refund-dialog-too-much');

    // First refund: 10.00; a negative REFUND row appears and the sale is partly refunded.
    const first = 10;
    await refund(page, sale.reference, first.toFixed(2));
    await expect(rows).toHaveCount(2);
    // Refund rows have ids R<ledger entry>, sales S<booking>.
    const refundRows = page.getByRole('table', { name: 'Sales detail' }).locator('tbody tr[data-testid^="sale-R"]');
    await expect(refundRows).toHaveCount(1);
    expect(amountOf((await refundRows.first().locator('td').nth(7).textContent())!)).toBe(-first);
    await expect(refundRows.first().locator('td').nth(8)).toHaveText('Refund');
    await expect(saleRow).toContainText('Partially refunded');
    // A refund row cannot itself be refunded.
    await expect(refundRows.first().getByRole('button', { name: `Refund ${sale.reference}` })).toBeDisabled();
    await snapshot(page, testInfo, 'billing-after-first-refund');

    // Second refund: the rest, which the dialog now names.
    const rest = Math.round((paid - first) * 100) / 100;
    expect(await openRefund(page, saleRow, sale.reference)).toBe(rest);
    await refund(page, sale.reference, rest.toFixed(2));
    await expect(rows).toHaveCount(3);
    await expect(saleRow).toContainText('Refunded');
    // Off, with its reason in its name and on focus (issue 23).
    const off = saleRow.getByRole('button', { name: `Refund ${sale.reference}: not possible. Already refunded in full.`, exact: true });
    await expect(off).toBeDisabled();
    // Reached with the keyboard from the row's details button: the reason shows on focus.
    await saleRow.getByRole('button', { name: `Details of ${sale.reference}` }).focus();
    await page.keyboard.press('Tab');
    await expect(off).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText('Already refunded in full.');
    await snapshot(page, testInfo, 'billing-refunded');

    // The staff view of the booking: one payment, two refunds by this admin, nothing left.
    const master = await page.request.get(`/api/booking/master-data/${saleTestId.slice('sale-S'.length)}?idCompany=${idCompany}`);
    expect(master.status()).toBe(200);
    const data = (await master.json()) as {
      identifier: string;
      refundable: number;
      refundBlocked: string | null;
      payments: { provider: string; amount: number }[];
      refunds: { amount: number; by: string | null }[];
    };
    expect(data.identifier).toBe(sale.identifier);
    expect(data.refundable).toBe(0);
    expect(data.refundBlocked).toBe('fullyRefunded');
    expect(data.payments).toEqual([expect.objectContaining({ provider: 'simulated', amount: paid })]);
    expect(data.refunds.map((r) => Math.abs(r.amount)).sort((a, b) => a - b)).toEqual([first, rest].sort((a, b) => a - b));
    expect(data.refunds.every((r) => r.by !== null)).toBe(true);

    // The ledger and the simulated provider's own record agree: the charge, two refunds, all of it back.
    const ledger = sqlRows<{ kind: string; cents: number }>(
      `SELECT e.kind, ABS(e.amount_cents) AS cents FROM payment_entries e JOIN bookings b ON b.id = e.booking_id
       WHERE b.identifier = '${sale.identifier}' ORDER BY e.id`,
    );
    expect(ledger).toEqual([
      { kind: 'charge', cents: Math.round(paid * 100) },
      { kind: 'refund', cents: first * 100 },
      { kind: 'refund', cents: Math.round(rest * 100) },
    ]);
    const provider = sqlRows<{ outcome: string; cents: number }>(
      `SELECT ev.outcome, ev.amount_cents AS cents FROM sim_events ev JOIN sim_checkouts c ON c.ref = ev.ref
       JOIN payments p ON p.id = c.payment_id JOIN bookings b ON b.id = p.booking_id
       WHERE b.identifier = '${sale.identifier}' ORDER BY ev.created_at, ev.event_id`,
    );
    expect(provider.filter((e) => e.outcome === 'approved')).toEqual([{ outcome: 'approved', cents: Math.round(paid * 100) }]);
    expect(provider.filter((e) => e.outcome === 'refunded').map((e) => e.cents).sort((a, b) => a - b)).toEqual(
      [first * 100, Math.round(rest * 100)].sort((a, b) => a - b),
    );
    const [payment] = sqlRows<{ status: string }>(
      `SELECT p.status FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.identifier = '${sale.identifier}'`,
    );
    expect(payment?.status).toBe('refunded');

    // The sales-detail modal still shows the sale's line.
    await saleRow.getByRole('button', { name: `Details of ${sale.reference}` }).click();
    const details = page.getByRole('dialog', { name: `Sale ${sale.reference}` });
    await expect(details.getByRole('table', { name: `Sale ${sale.reference}` })).toBeVisible();
    await expect(details.getByRole('row')).not.toHaveCount(1);
    await snapshot(page, testInfo, 'sale-details');
  });
});
