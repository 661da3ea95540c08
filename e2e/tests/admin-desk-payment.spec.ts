import { expect, test } from '@playwright/test';
import { bookingCard, demoAdmin, FJORD_ADMIN, openBookings, queryBookings, signInByApi } from '../support/admin.ts';
import { openSection, saleRows } from '../support/admin-money.ts';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { company, expectNoHorizontalScroll, seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

// The counter is often a phone.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('back office: a payment taken at the counter', () => {
  test.describe.configure({ timeout: 180_000 });

  test('part in cash, the rest by card terminal: the booking is paid and billing shows both methods', async ({ page }, testInfo) => {
    const fjord = company(DEMO.fjord);
    // Fjord Karting takes payment at the circuit; this spec's own day, eleven days ahead.
    const booked = await bookAtCircuitByApi(page.request, fjord, { daysAhead: 11, drivers: 2 });
    await signInByApi(page, demoAdmin(FJORD_ADMIN), DEMO.fjord);
    await openBookings(page);
    await queryBookings(page, { start: booked.date, end: booked.date, by: 'session' });
    // At 390 px the bookings are cards (issue 25): the booking's card shows its status and its actions.
    const row = bookingCard(page, booked.reference);
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Details of booking ${booked.reference}` }).click();
    const details = page.getByRole('dialog', { name: `Booking ${booked.reference}` });
    await details.getByRole('button', { name: 'Record payment' }).click();
    const pay = page.getByRole('dialog', { name: /^Record payment · / });
    const amount = pay.getByLabel('Amount received');
    const due = Number(await amount.inputValue());
    expect(due).toBeGreaterThan(10);
    await expectNoHorizontalScroll(page);
    await snapshot(page, testInfo, 'record-payment-phone');
    expect(await seriousViolations(page, 'page'), 'axe on the Record payment dialog').toEqual([]);

    // More than is due is refused before anything is sent.
    await amount.fill((due + 1).toFixed(2));
    await expect(pay.getByText(/More than is due/)).toBeVisible();
    await expect(pay.getByRole('button', { name: 'Record payment' })).toBeDisabled();

    // 10.00 in cash, confirmed.
    await amount.fill('10');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay.getByRole('status')).toContainText('(Cash)');
    await pay.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/^Payment recorded\. Still due: /)).toBeVisible();
    await expect(pay).toBeHidden();
    await expect(details.getByText('Partially paid')).toBeVisible();

    // The rest by card terminal: the amount starts at what is now due.
    await details.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay.getByLabel('Amount received')).toHaveValue((due - 10).toFixed(2));
    await pay.getByLabel('Method').selectOption('card_terminal');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await pay.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Payment recorded. The booking is paid.')).toBeVisible();
    await expect(details.getByText('Partially paid')).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await snapshot(page, testInfo, 'paid-at-the-counter');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();

    // Billing today: the sale, with both methods.
    await openSection(page, 'Billing');
    // The month's demo sales are many and only the visible rows are in the page: search for this one.
    // At 390 px the sales are cards (issue 25).
    await expect(page.getByRole('list', { name: 'Sales detail' })).toBeVisible({ timeout: 30_000 });
    await expect(saleRows(page).first()).toBeVisible({ timeout: 30_000 });
    // The desk searches by the reference as the customer reads it out.
    await page.getByRole('searchbox', { name: 'Search' }).fill(booked.reference);
    const sale = saleRows(page).and(page.locator('[data-testid^="sale-S"]')).filter({ hasText: booked.reference });
    await expect(sale).toBeVisible({ timeout: 30_000 });
    await expect(sale).toContainText('Cash, Card terminal');

    // The day's cash-up counts both payments by their method.
    await page.getByRole('button', { name: 'Show the cash-up' }).click();
    const byMethod = page.getByRole('table', { name: 'Cash-up by method' });
    await expect(byMethod).toBeVisible({ timeout: 30_000 });
    // The payment's toast has gone before axe and the screenshot look at the cash-up alone.
    await expect(page.getByText('Payment recorded. The booking is paid.')).toBeHidden({ timeout: 10_000 });
    expect(await seriousViolations(page, 'page'), 'axe on billing with the cash-up open').toEqual([]);
    await snapshot(page, testInfo, 'cash-up-phone');
  });
});
