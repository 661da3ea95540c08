import { expect, test, type Page } from '@playwright/test';
import { company, stageHeading } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

/**
 * How much of each product card's picture is shown: the picture's own proportions against the box it is
 * drawn in and the box's object-fit. A cropped picture loses what tells products apart (the demo
 * pictures carry "10 MIN", "15 MIN" and the product's number in their corners).
 */
async function pictures(page: Page) {
  return page.locator('[data-testid^="product-"] img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => {
      const box = img.getBoundingClientRect();
      const fit = getComputedStyle(img).objectFit;
      const natural = img.naturalWidth / img.naturalHeight;
      const rendered = box.width / box.height;
      // object-fit cover (or none) shows the whole picture only when the box has the picture's shape.
      const whole = fit === 'contain' || fit === 'scale-down' || Math.abs(rendered - natural) < 0.02;
      // The height the picture itself is drawn at inside its box (contain letterboxes it).
      const drawn = fit === 'contain' || fit === 'scale-down' ? Math.min(box.height, box.width / natural) : box.height;
      return { src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0, fit, natural, rendered, whole, drawn };
    }),
  );
}

for (const width of [390, 1280]) {
  test(`product cards show each picture whole at ${width} px`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
    await page.goto(company(DEMO.norte).url);
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    const cards = page.locator('[data-testid^="product-"] img');
    await expect(cards.first()).toBeVisible();
    // Cards further down load lazily: load them all before measuring.
    await cards.evaluateAll((imgs) =>
      Promise.all(
        (imgs as HTMLImageElement[]).map((img) => {
          img.loading = 'eager';
          return img.decode().catch(() => undefined);
        }),
      ),
    );

    const shown = await pictures(page);
    expect(shown.length, 'product pictures').toBeGreaterThanOrEqual(3);
    for (const p of shown) {
      expect(p.loaded, `${p.src} loaded`).toBe(true);
      expect(p.whole, `${p.src}: ${p.fit}, box ${p.rendered.toFixed(3)} vs picture ${p.natural.toFixed(3)}`).toBe(true);
      expect(p.drawn, `${p.src} is drawn big enough to read`).toBeGreaterThanOrEqual(100);
    }
    // The 10-minute, 15-minute and Gran Premio cards are told apart by their pictures.
    expect(new Set(shown.map((p) => p.src)).size).toBe(shown.length);
    await page.locator('[data-testid^="product-"]').first().scrollIntoViewIfNeeded();
    await snapshot(page, testInfo, `product-cards-${width}`);
  });
}
