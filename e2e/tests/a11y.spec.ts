import { expect, test } from '@playwright/test';
import { company, seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO, firstCompany } from '../support/state.ts';

test.describe('accessibility', () => {
  // A whole-page axe run is slow on a busy two-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('the booking page has no serious or critical axe violations', async ({ page }, testInfo) => {
    await page.goto(firstCompany().url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await snapshot(page, testInfo, 'booking-axe');
    expect(await seriousViolations(page, 'page')).toEqual([]);
  });

  test('the booking page in Arabic has no serious or critical axe violations', async ({ page }) => {
    await page.goto(firstCompany().url);
    await page.getByRole('banner').getByRole('combobox').selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await seriousViolations(page, 'page')).toEqual([]);
  });

  test('the voucher shop\'s booking page has no serious or critical axe violations', async ({ page }, testInfo) => {
    await page.goto(company(DEMO.voucher).url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('radio').first()).toBeVisible();
    await snapshot(page, testInfo, 'voucher-booking-axe');
    expect(await seriousViolations(page, 'page')).toEqual([]);
  });

  test("'Page not found' has no serious or critical axe violations", async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page, 'page')).toEqual([]);
  });
});
