import { expect, test } from '@playwright/test';
import { snapshot } from '../support/screenshot.ts';
import { firstCompany } from '../support/state.ts';

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test.describe('booking page', () => {
  test('shows the company logo and the brand colour', async ({ page, request }, testInfo) => {
    const company = firstCompany();
    const configResponse = await request.get(`/api/config/${encodeURIComponent(company.key)}`);
    expect(configResponse.status()).toBe(200);
    const config = (await configResponse.json()) as { companyName: string; theme: { primaryColor: string } };
    expect(config.companyName).toBe(company.name);

    await page.goto(company.url);

    const logo = page.getByRole('banner').getByRole('img', { name: company.name });
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('background-color', hexToRgb(config.theme.primaryColor));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(new RegExp(company.name));
    await snapshot(page, testInfo, 'booking');
  });

  test('switches to Arabic, right to left', async ({ page }, testInfo) => {
    const company = firstCompany();
    await page.goto(company.url);
    await page.getByRole('banner').getByRole('combobox').selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('احجز جلسة الكارتينغ الخاصة بك');

    // The choice is kept for the session: a reload stays in Arabic.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('احجز جلسة الكارتينغ الخاصة بك');
    await snapshot(page, testInfo, 'booking-ar');
  });

  test('fits a phone screen without sideways scrolling', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(firstCompany().url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Side advertising is for wide windows only.
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await snapshot(page, testInfo, 'booking-phone');
  });
});
