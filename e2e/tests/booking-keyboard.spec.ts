import { expect, test, type Locator, type Page } from '@playwright/test';
import { bookableDay, checkStage, company, openBooking, stageHeading } from '../support/booking.ts';

/** Presses Tab until the target has the focus (keyboard only: no clicks, no programmatic focus). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeVisible();
  const handle = await target.elementHandle();
  if (!handle) throw new Error('no element to tab to');
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await handle.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${String(target)} never got the focus after ${max} tabs`);
}

function daysBetween(from: string, to: string): number {
  const at = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
}

test.describe('booking wizard with the keyboard only', () => {
  test.describe.configure({ timeout: 120_000 });

  test('one driver at Fjord Karting, from the product to the confirmation', async ({ page }, testInfo) => {
    await openBooking(page, company('Fjord Karting'));

    // A radio group takes one Tab stop; the arrows move between its products and choose one.
    await tabTo(page, page.getByRole('radio', { name: 'Voksen – 10 minutter' }));
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Voksen – 15 minutter' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Voksen – 15 minutter' })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');

    // The new stage's heading has the focus; the calendar is reached with Tab and moved with the arrows.
    await expect(stageHeading(page, 'Date and sessions')).toBeFocused();
    const day = bookableDay(9);
    const shown = (await page.locator('button[data-date][aria-pressed="true"]').getAttribute('data-date')) ?? '';
    if (shown.slice(0, 7) !== day.slice(0, 7)) {
      await tabTo(page, page.getByRole('button', { name: 'Next month' }));
      await page.keyboard.press('Enter');
    }
    // The month grid is one Tab stop; the arrows move between its days.
    await tabTo(page, page.locator('button[data-date]:not([tabindex="-1"])').first());
    const from = await page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? '');
    for (let i = 0; i < daysBetween(from, day); i++) await page.keyboard.press('ArrowRight');
    await expect(page.locator(`[data-date="${day}"]`)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('slot-skeleton')).toHaveCount(0, { timeout: 30_000 });
    const session = page.locator('button[data-time="19:00:00"]');
    await tabTo(page, session);
    await page.keyboard.press('Enter');
    await expect(session).toHaveAttribute('data-status', 'MARKED');
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');

    await expect(stageHeading(page, 'Your details')).toBeFocused();
    const fields: [RegExp, string][] = [
      [/^First name/, 'Freja'],
      [/^E-mail/, 'freja-kbd@example.com'],
      [/^Repeat the e-mail/, 'freja-kbd@example.com'],
      [/^Phone/, '40123456'],
      [/^Name of driver 1/, 'Freja'],
    ];
    for (const [name, value] of fields) {
      await tabTo(page, page.getByRole('textbox', { name }).first());
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByRole('checkbox', { name: 'I confirm that I am of legal age.' }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');

    await expect(stageHeading(page, 'Summary of your booking')).toBeFocused();
    await tabTo(page, page.getByRole('checkbox', { name: /I have read and accept/ }));
    await page.keyboard.press('Space');
    await checkStage(page, testInfo, 'keyboard-summary');
    await tabTo(page, page.getByRole('button', { name: 'Create booking' }));
    await page.keyboard.press('Enter');
    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeFocused();
  });
});
