import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { snapshot } from '../support/screenshot.ts';
import { firstCompany } from '../support/state.ts';

/** Runs axe (WCAG 2.1 A/AA and best practices) and returns the serious and critical violations. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test.describe('accessibility', () => {
  test('the booking page has no serious or critical axe violations', async ({ page }, testInfo) => {
    const company = firstCompany();
    await page.goto(company.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await snapshot(page, testInfo, 'booking-axe');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the booking page in Arabic has no serious or critical axe violations', async ({ page }) => {
    await page.goto(firstCompany().url);
    await page.getByRole('banner').getByRole('combobox').selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("'Page not found' has no serious or critical axe violations", async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
