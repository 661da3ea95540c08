import { expect, test } from '@playwright/test';
import { bookingsList, sectionRegion } from '../support/admin.ts';
import { expectNoHorizontalScroll } from '../support/booking.ts';
import { openAdmin, openSection, saleRows } from '../support/admin-money.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// Below 600 px (issue 25) billing's summary boxes fold into one button, and the sales and the bookings are
// cards that scroll only up and down: nothing scrolls sideways and the first sale is on the first screen.
test.describe('back office on a phone (390×844)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('billing folds its summary and shows the sales as cards on the first screen; bookings are cards', async ({ page }, testInfo) => {
    await openAdmin(page, DEMO.norte);

    // Billing (staff land on Today, issue 23): this month's demo sales.
    await openSection(page, 'Billing');
    const sales = page.getByRole('list', { name: 'Sales detail' });
    await expect(saleRows(page).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Sales detail' })).toHaveCount(0);
    // The summary is one folded button that says the sales and the total; the boxes are hidden until opened.
    const summary = page.getByRole('button', { name: /^Summary — sales: \d+, total: / });
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('billing-totals')).toBeHidden();
    // The first sale is on the first screen, nothing unfolded, no scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(saleRows(page).first()).toBeInViewport();
    // The cards scroll up and down inside their box, never sideways.
    const box = await sales.locator('xpath=..').evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight }));
    expect(box.sw, 'the cards fit the phone').toBeLessThanOrEqual(box.cw);
    expect(box.sh, 'the month has more sales than a screen').toBeGreaterThan(box.ch);
    await expectNoHorizontalScroll(page);
    await snapshot(page, testInfo, 'phone-billing');

    // Opened, the summary shows the boxes and the totals.
    await summary.click();
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('billing-totals')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snapshot(page, testInfo, 'phone-billing-summary');

    // Bookings: cards with this month's demo bookings, each with its reference, status and details action.
    await openSection(page, 'Bookings');
    const list = bookingsList(page);
    await expect(list).toHaveAccessibleName(/^Bookings from /);
    await expect(sectionRegion(page, 'Bookings').getByRole('table')).toHaveCount(0);
    const card = list.getByRole('listitem').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.locator('bdi[dir="ltr"]').first()).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expect(card.getByRole('button', { name: /^Details of booking / })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snapshot(page, testInfo, 'phone-bookings');
  });
});
