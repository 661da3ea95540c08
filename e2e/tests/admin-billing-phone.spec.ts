import { expect, test, type Locator } from '@playwright/test';
import { expectNoHorizontalScroll } from '../support/booking.ts';
import { openAdmin, openSection, saleRows } from '../support/admin-money.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The box's rendered height and its scroll sizes. */
function sizes(box: Locator) {
  return box.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    clientWidth: el.clientWidth,
    scrollWidth: el.scrollWidth,
    clientHeight: el.clientHeight,
    scrollHeight: el.scrollHeight,
  }));
}

test.describe('back office on a phone (390×844)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the sales table and the bookings grid are 370 pixels high and scroll sideways inside themselves', async ({ page }, testInfo) => {
    await openAdmin(page, DEMO.norte);

    // Billing (staff land on Today, issue 23): this month's demo sales fill more than the box.
    await openSection(page, 'Billing');
    const sales = page.getByTestId('sales-scroll');
    await expect(saleRows(page).first()).toBeVisible({ timeout: 30_000 });
    let box = await sizes(sales);
    expect(box.height).toBe(370);
    expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
    expect(box.scrollWidth, 'the sales table is wider than the phone').toBeGreaterThan(box.clientWidth);
    await sales.evaluate((el) => el.scrollTo({ left: 400 }));
    await expect.poll(() => sales.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // The last column (the row actions) can be reached by scrolling, and the page itself does not scroll sideways.
    await sales.scrollIntoViewIfNeeded();
    await sales.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(saleRows(page).first().getByRole('button', { name: /^Details of / })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await snapshot(page, testInfo, 'phone-billing');

    // Bookings: the grid, with this month's demo bookings.
    await openSection(page, 'Bookings');
    const grid = page.getByRole('table', { name: /^Bookings from / });
    await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    box = await sizes(grid);
    expect(box.height).toBe(370);
    expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
    expect(box.scrollWidth, 'the grid is wider than the phone').toBeGreaterThan(box.clientWidth);
    await grid.scrollIntoViewIfNeeded();
    await grid.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(grid.getByRole('columnheader', { name: 'Status' })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await snapshot(page, testInfo, 'phone-bookings');
  });
});
