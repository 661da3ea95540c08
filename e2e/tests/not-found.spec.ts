import { expect, test } from '@playwright/test';
import { snapshot } from '../support/screenshot.ts';

test.describe('page not found', () => {
  // These ask what the server answers. Once the app's service worker controls the page it serves any
  // navigation from its cached shell (200, as it should offline), which made the second visit of a test
  // read 200 when the worker took over between the two.
  test.use({ serviceWorkers: 'block' });

  test("an unknown company key answers 404 and shows 'Page not found'", async ({ page }, testInfo) => {
    expect((await page.goto('/nowhere'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // A key-shaped path that no company has is a 404 too.
    expect((await page.goto('/nobody-has-this-key'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await snapshot(page, testInfo, 'not-found');
  });

  test("a path with no route answers 404 and shows 'Page not found'", async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
