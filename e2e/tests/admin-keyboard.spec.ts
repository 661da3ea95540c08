import { expect, test, type Locator, type Page } from '@playwright/test';
import { dayFromToday, demoAdmin, FJORD_ADMIN, sectionRegion, sectionSwitch } from '../support/admin.ts';
import { snapshot } from '../support/screenshot.ts';
import { anySpace, shownDay } from '../support/admin-format.ts';

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused();
}

test.describe('back office: keyboard only', () => {
  test.describe.configure({ timeout: 90_000 });

  test('sign in, reach the three sections and query the bookings with the keyboard alone', async ({ page }, testInfo) => {
    const admin = demoAdmin(FJORD_ADMIN);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();

    // Sign in: Tab into the e-mail, type, Tab to the password, type, Enter.
    await tabTo(page, page.getByRole('textbox', { name: 'E-mail' }));
    await page.keyboard.type(admin.email);
    await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(sectionRegion(page, 'Today')).toBeVisible();

    // The section switch: Tab reaches the chosen section (Today, where staff land); the arrows move
    // between them: Bookings, Billing, KPIs.
    await tabTo(page, sectionSwitch(page, 'Today'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(sectionSwitch(page, 'Billing')).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(sectionSwitch(page, 'KPIs')).toBeChecked();
    await expect(sectionSwitch(page, 'KPIs')).toBeFocused();
    await expect(sectionRegion(page, 'KPIs')).toBeVisible();
    await snapshot(page, testInfo, 'keyboard-kpis');

    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(sectionSwitch(page, 'Bookings')).toBeChecked();
    await expect(sectionSwitch(page, 'Bookings')).toBeFocused();
    const region = sectionRegion(page, 'Bookings');
    await expect(region).toBeVisible();
    await expect(region.getByRole('status').filter({ hasText: 'Bookings:' })).toBeVisible({ timeout: 30_000 });

    // The bookings query: type the start day, choose 'Sale date' with the arrows, Search with Enter.
    const start = dayFromToday(-20);
    const startField = region.getByRole('textbox', { name: 'Start date' });
    await tabTo(page, startField);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(start);
    await page.keyboard.press('Escape');
    await tabTo(page, region.getByRole('textbox', { name: 'End date' }));
    await expect(startField).toHaveValue(new RegExp(`^${anySpace(shownDay(start))}$`));
    await tabTo(page, region.getByRole('radio', { name: 'Session date' }));
    await page.keyboard.press('ArrowRight');
    await expect(region.getByRole('radio', { name: 'Sale date' })).toBeChecked();
    await tabTo(page, region.getByRole('button', { name: 'Search' }));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/retrieve-bookings'));
    await page.keyboard.press('Enter');
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ dateIni: start, filterType: 'fechaVenta' });
    await expect(region.getByRole('table')).toHaveAccessibleName(new RegExp(`^Bookings from \u2068?${anySpace(shownDay(start))}\u2069? to `));

    // The grid takes the focus (it scrolls with the arrows), and a row's details open with Enter.
    const firstDetails = region.getByRole('button', { name: /^Details of booking / }).first();
    await tabTo(page, firstDetails);
    // Other specs book on the shared demo meanwhile, and a new booking can become the grid's first row
    // while the details are open: the focus must come back to the button of the booking that was opened.
    const openedName = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(openedName).toMatch(/^Details of booking /);
    const opened = region.getByRole('button', { name: openedName, exact: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opened).toBeFocused();

    // Back to the section switch with Shift+Tab, and on to billing with the arrows.
    await tabTo(page, sectionSwitch(page, 'Bookings'), { back: true, max: 60 });
    await page.keyboard.press('ArrowRight');
    await expect(sectionSwitch(page, 'Billing')).toBeChecked();
    await expect(sectionRegion(page, 'Billing')).toBeVisible();
    await snapshot(page, testInfo, 'keyboard-billing');
  });
});
