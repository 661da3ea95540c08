import { expect, type Locator, type Page } from '@playwright/test';

/** The product the kiosk specs choose (Circuito Norte's). */
export const KIOSK_PRODUCT = 'Tanda adultos 10 minutos';

/**
 * Opens `/kiosk/KEY` (relative to the test's baseURL) on the page's fake clock and waits for the wizard's
 * first stage. The clock (page.clock) runs with real time until kioskIdles takes it over.
 */
export async function openKiosk(page: Page, key: string): Promise<Locator> {
  await page.clock.install();
  await page.goto(`/kiosk/${key}`);
  const wizard = page.getByTestId('booking-wizard');
  // The first visit loads the page's chunks and texts: generous on a busy machine.
  await expect(wizard).toHaveAttribute('data-stage', '0', { timeout: 30_000 });
  return wizard;
}

/**
 * The kiosk's idle reset, on the page's clock instead of the wall clock: chooses the product and presses
 * Next (the visitor's last touch), then moves the clock to one second before `seconds` have passed since
 * that touch and checks the wizard is still on its second stage, then past the period and checks it is back
 * at its first stage with the choice gone.
 *
 * The touch is somewhere between two readings of the page's clock (`from`, before the click, and `to`,
 * once the second stage shows), so the period ends between from + seconds and to + seconds: the clock is
 * paused at from + seconds - 1 s (before any possible end) and then run to to + seconds + 1 s (after any).
 */
export async function expectIdleReset(page: Page, wizard: Locator, seconds: number): Promise<void> {
  await wizard.getByRole('radio', { name: KIOSK_PRODUCT }).check();
  const clock = () => page.evaluate(() => Date.now());
  const from = await clock();
  await wizard.getByRole('button', { name: /^(Siguiente|Next)$/ }).click();
  await expect(wizard).toHaveAttribute('data-stage', '1');
  const to = await clock();
  expect(to - from, `the touch and the second stage took less than the idle period (${seconds} s) on the page's clock`).toBeLessThan(
    (seconds - 1) * 1000,
  );

  // Still on the second stage a second before the period can have ended…
  const before = from + seconds * 1000 - 1000;
  await page.clock.pauseAt(before);
  await expect(wizard).toHaveAttribute('data-stage', '1');

  // …and back at the start once it has passed, the choice gone. The clock runs on with real time again
  // for the page to draw the first stage.
  await page.clock.runFor(to + seconds * 1000 + 1000 - before);
  await page.clock.resume();
  await expect(wizard).toHaveAttribute('data-stage', '0');
  await expect(wizard.getByRole('radio', { name: KIOSK_PRODUCT })).not.toBeChecked();
}
