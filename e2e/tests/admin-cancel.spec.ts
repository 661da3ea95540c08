import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { bookingRow, demoAdmin, FJORD_ADMIN, openBookings, queryBookings, signInByApi } from '../support/admin.ts';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { chooseProduct, company, next, pickDay, slot, stageHeading } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

/**
 * The free places Fjord Karting's booking page shows for a session (its "N free" label) to a new visitor
 * (a browser of its own, in English) choosing the product for `drivers` drivers; saves a screenshot.
 */
async function freePlaces(
  browser: Browser,
  testInfo: TestInfo,
  shot: string,
  { product, drivers, day, time }: { product: string; drivers: number; day: string; time: string },
): Promise<number> {
  const page = await browser.newPage({ locale: 'en-GB' });
  await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  await page.goto(company(DEMO.fjord).url);
  // The first visit loads the whole customer app: give a busy machine time.
  await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
  await chooseProduct(page, product, drivers);
  await next(page);
  await pickDay(page, day);
  const label = slot(page, time).getByTestId('slot-free');
  await expect(label).toHaveText(/\d+ free/);
  const free = Number(/(\d+) free/.exec((await label.textContent()) ?? '')?.[1]);
  await snapshot(page, testInfo, shot);
  await page.close();
  return free;
}

test.describe('back office: cancelling a booking', () => {
  test.describe.configure({ timeout: 180_000 });

  test("a booking cancelled in the back office frees its places on the customer's page", async ({ page, browser }, testInfo) => {
    const fjord = company(DEMO.fjord);
    // This spec's own booking: two drivers at Fjord Karting (pays at the circuit), thirteen days ahead
    // (a day the other journeys leave alone).
    const booked = await bookAtCircuitByApi(page.request, fjord, { daysAhead: 13, drivers: 2 });
    expect(booked.identifier).not.toBe('');

    // The customer's page: the session's free places with the booking.
    const session = { product: booked.productName, drivers: 1, day: booked.date, time: booked.startTime };
    const before = await freePlaces(browser, testInfo, 'customer-before-cancel', session);

    // A 1440-pixel screen, where the grid shows every column (on a narrower one it leaves out the e-mail and
    // then the sale date, which the cells read by position below would miss).
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByApi(page, demoAdmin(FJORD_ADMIN), DEMO.fjord);
    const region = await openBookings(page);
    // The desk finds it over all dates by the reference as read out: lower case, without the dash.
    const search = region.getByRole('searchbox', { name: 'Find a booking' });
    const searched = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/retrieve-bookings') && JSON.stringify(r.request().postDataJSON()).includes('"search"'),
    );
    await search.fill(booked.reference.replace('-', '').toLowerCase());
    const answer = await searched;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).not.toHaveProperty('dateIni');
    await expect(region.getByRole('table')).toHaveAccessibleName(`Bookings found for “${booked.reference.replace('-', '').toLowerCase()}”`);
    await expect(bookingRow(page, booked.reference)).toBeVisible();
    await expect(region.getByRole('table')).toHaveAttribute('aria-rowcount', '2');
    await search.fill('');
    await queryBookings(page, { start: booked.date, end: booked.date, by: 'session' });
    const row = bookingRow(page, booked.reference);
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(4)).toHaveText('Ana Berg');
    await expect(row.getByRole('cell').nth(6)).toHaveText(booked.email);
    await expect(row.getByRole('cell').nth(8)).toHaveText('2');
    // Paid at the circuit: pending until the customer pays on arrival.
    await expect(row.getByRole('cell').nth(9)).toHaveText('Pending');

    // The grid's cancel opens the details' dialog: it says what happens to the money first (nothing was
    // paid here), and 'Keep it' changes nothing.
    const cancel = row.getByRole('button', { name: `Cancel booking ${booked.reference}` });
    await cancel.click();
    const confirm = page.getByRole('dialog', { name: new RegExp(`^Cancel booking · .*${booked.reference}`) });
    await expect(confirm).toContainText('Nothing was paid: there is nothing to refund.');
    await expect(confirm.getByRole('status')).toContainText('without a refund?');
    await snapshot(page, testInfo, 'cancel-confirmation');
    // A window crossing 600 pixels swaps the grid for the phone's cards (a browser's full-page capture did it for a
    // moment and closed the dialog): the dialog lives above the list and stays open, mid-decision.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(confirm).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(confirm.getByRole('status')).toContainText('without a refund?');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByRole('cell').nth(9)).toHaveText('Pending');

    await cancel.click();
    const cancelled = page.waitForResponse((r) => r.url().endsWith('/api/admin/cancel-booking') && r.request().method() === 'POST');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    const cancelAnswer = await cancelled;
    expect(cancelAnswer.status()).toBe(200);
    expect(cancelAnswer.request().postDataJSON()).toMatchObject({ money: 'none' });
    await expect(page.getByText('Booking cancelled.')).toBeVisible();
    // The grid reloads: the row is cancelled and can no longer be cancelled.
    await expect(row.getByRole('cell').nth(9)).toHaveText('Cancelled');
    await expect(row.getByRole('button', { name: `Cancel booking ${booked.reference}` })).toHaveCount(0);
    await snapshot(page, testInfo, 'cancelled');

    // The customer's page shows the session's places freed by the booking's two drivers.
    const after = await freePlaces(browser, testInfo, 'customer-after-cancel', session);
    expect(after).toBe(before + booked.drivers);
  });
});
