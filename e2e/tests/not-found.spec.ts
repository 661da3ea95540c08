import { expect, test } from '@playwright/test';
import { snapshot } from '../support/screenshot.ts';

test.describe('page not found', () => {
  test("an unknown company key shows 'Page not found'", async ({ page }, testInfo) => {
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await snapshot(page, testInfo, 'not-found');
  });

  test("a path with no route shows 'Page not found'", async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
