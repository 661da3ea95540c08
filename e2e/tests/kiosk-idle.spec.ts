import { expect, test } from '@playwright/test';
import { checkPage, company } from '../support/booking.ts';
import { expectIdleReset, openKiosk } from '../support/kiosk.ts';
import { DEMO } from '../support/state.ts';

// Circuito Norte's kiosk goes back to its start after 60 s without a touch (the demo's setting; only
// kiosk-settings.spec.ts changes it, on a server of its own).
const IDLE_SECONDS = 60;
// Axe runs on large pages: generous on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 },
]) {
  test(`the kiosk fits ${viewport.width}×${viewport.height} with its images, and touch targets are large`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto(`/kiosk/${company(DEMO.norte).key}`);
    await expect(page.getByTestId('booking-wizard')).toBeVisible({ timeout: 30_000 });
    for (const side of ['left', 'right']) {
      const ad = page.getByTestId(`kiosk-ad-${side}`);
      await expect(ad).toBeVisible();
      const box = (await ad.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height); // the whole image on screen
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Every button of the wizard is at least 44 px high (touch).
    const heights = await page
      .getByTestId('booking-wizard')
      .getByRole('button')
      .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => b.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    await checkPage(page, testInfo, `kiosk-${viewport.width}`);

    // In Arabic the page mirrors, and the images stay at the screen's left and right edges.
    await page.getByRole('combobox', { name: /idioma|language/i }).selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const left = (await page.getByTestId('kiosk-ad-left').boundingBox())!;
    const right = (await page.getByTestId('kiosk-ad-right').boundingBox())!;
    expect(left.x).toBeLessThan(right.x);
    await checkPage(page, testInfo, `kiosk-${viewport.width}-ar`);
  });
}

test('the kiosk goes back to its first stage after the idle period without touches', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The idle period passes on the page's clock (page.clock), not the wall clock: see expectIdleReset.
  const wizard = await openKiosk(page, company(DEMO.norte).key);
  await expectIdleReset(page, wizard, IDLE_SECONDS);
});
