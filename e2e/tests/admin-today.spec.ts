import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAdmin, FJORD_ADMIN, sectionRegion, sectionSwitch, signInByApi } from '../support/admin.ts';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { company, expectNoHorizontalScroll, expectNothingOffScreen, seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

// The counter is often a phone. This spec books its own customer (a uniqueEmail contact) at Fjord Karting,
// which takes payment at the circuit, on the first free session thirteen days ahead, and reads only that
// booking and its session's counts (other specs may add bookings to the session: the counts are read
// before and after, never assumed).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The session card that holds the booking, and its "N of M arrived" figures. */
function sessionOf(page: Page, reference: string): Locator {
  return page.locator('section[aria-labelledby^="session-"]').filter({ hasText: reference });
}

async function arrivedOf(session: Locator): Promise<[number, number]> {
  const text = (await session.getByText(/^\d+ of \d+ arrived$/).textContent()) ?? '';
  const m = /^(\d+) of (\d+) arrived$/.exec(text);
  expect(m, `the session's count: ${text}`).not.toBeNull();
  return [Number(m![1]), Number(m![2])];
}

/** Shows a day in the Today view by the date field of its stepper. */
async function showDay(page: Page, date: string): Promise<void> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/today') && r.url().includes(`date=${date}`) && r.ok());
  await page.getByRole('navigation', { name: 'Day' }).getByLabel('Date').fill(date);
  await answer;
}

test.describe('back office: Today, the counter’s day', () => {
  test.describe.configure({ timeout: 240_000 });

  test('find a booking by its reference without the dash, take cash, mark it arrived; live, at 390 px, in Arabic, axe clean', async ({
    page,
    browser,
  }, testInfo) => {
    const fjord = company(DEMO.fjord);
    const booked = await bookAtCircuitByApi(page.request, fjord, { daysAhead: 13, drivers: 2 });
    await signInByApi(page, demoAdmin(FJORD_ADMIN), DEMO.fjord);

    // Today is where the staff land.
    await expect(sectionSwitch(page, 'Today')).toBeChecked();
    const today = sectionRegion(page, 'Today');
    await expect(today).toBeVisible({ timeout: 30_000 });
    await expect(today.getByRole('status')).toContainText('drivers arrived');

    // The reference as a customer reads it out, typed without its dash.
    const typed = booked.reference.replace('-', '').toLowerCase();
    await today.getByRole('searchbox', { name: 'Find a booking' }).fill(typed);
    const found = today.getByRole('region', { name: `Bookings found for “${typed}”` });
    await expect(found.getByText(booked.reference, { exact: true })).toBeVisible({ timeout: 30_000 });
    await found.getByRole('button', { name: `Details of booking ${booked.reference}` }).click();

    // Cash for the whole amount, through the details' Record payment.
    const details = page.getByRole('dialog', { name: `Booking ${booked.reference}` });
    await details.getByRole('button', { name: 'Record payment' }).click();
    const pay = page.getByRole('dialog', { name: /^Record payment · / });
    await expect(pay.getByLabel('Method')).toHaveValue('cash');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await pay.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Payment recorded. The booking is paid.')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(details).toBeHidden();
    await today.getByRole('button', { name: 'Clear the search' }).click();

    // The booking's day: paid, not arrived yet.
    await showDay(page, booked.date);
    const session = sessionOf(page, booked.reference);
    const item = session.getByRole('listitem').filter({ hasText: booked.reference });
    await expect(item.getByText(/^Paid /)).toBeVisible();
    await expect(item.getByText('Drivers: 2')).toBeVisible();
    const arrive = item.getByRole('switch', { name: `Arrived: ${booked.reference}, Ana Berg` });
    await expect(arrive).not.toBeChecked();
    const [before] = await arrivedOf(session);
    // Another spec may book the same session meanwhile: only the arrived figure is this spec's to predict.
    const arrivedFigure = (n: number) => new RegExp(`^${n} of \\d+ arrived$`);

    // A second counter shows the same day: it follows the first one live, without reloading.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await page.context().storageState() });
    const second = await other.newPage();
    await second.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
    await second.goto('/admin');
    await expect(sectionRegion(second, 'Today')).toBeVisible({ timeout: 30_000 });
    await showDay(second, booked.date);
    const secondSession = sessionOf(second, booked.reference);
    await expect(secondSession.getByText(arrivedFigure(before))).toBeVisible();

    // Arrived, with the keyboard: the counts move here and on the other counter.
    await arrive.focus();
    await page.keyboard.press('Space');
    await expect(arrive).toBeChecked();
    await expect(session.getByText(arrivedFigure(before + 2))).toBeVisible();
    await expect(secondSession.getByText(arrivedFigure(before + 2))).toBeVisible({ timeout: 30_000 });
    await other.close();

    await expectNoHorizontalScroll(page);
    await expectNothingOffScreen(page);
    await snapshot(page, testInfo, 'today-phone');
    expect(await seriousViolations(page, 'page'), 'axe on Today').toEqual([]);

    // In Arabic: mirrored, the reference and the phone isolated left to right, still no sideways scroll.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(sectionRegion(page, 'اليوم')).toBeVisible();
    const reference = sessionOf(page, booked.reference).locator('bdi', { hasText: booked.reference });
    await expect(reference).toHaveAttribute('dir', 'ltr');
    await expect(sessionOf(page, booked.reference).getByRole('switch', { name: `وصل: ${booked.reference}، Ana Berg` })).toBeChecked();
    // The section switch in Arabic (longer names than English) before measuring the page's width.
    await expect(page.getByRole('navigation').getByText('الفعاليات')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNothingOffScreen(page);
    await snapshot(page, testInfo, 'today-phone-ar');
    expect(await seriousViolations(page, 'page'), 'axe on Today in Arabic').toEqual([]);
  });
});
