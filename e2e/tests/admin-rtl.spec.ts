import { expect, test } from '@playwright/test';
import { chooseSection, demoAdmin, FJORD_ADMIN, publicPageLink, sectionRegion, sectionSwitch, signInByApi } from '../support/admin.ts';
import { seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

test.describe('back office: Arabic, mirrored, and axe', () => {
  // Whole-page axe runs are slow on a busy two-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('/login has no serious or critical axe violations, in English and in Arabic', async ({ page }, testInfo) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    expect(await seriousViolations(page, 'page'), 'axe on /login in English').toEqual([]);

    // The language kept for the session (as the selector stores it) opens /login in Arabic, mirrored.
    await page.evaluate(() => sessionStorage.setItem('pitlane.culture', 'ar-SA'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'تسجيل دخول الموظفين' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', /^ar/);
    await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeDisabled();
    await snapshot(page, testInfo, 'login-ar');
    expect(await seriousViolations(page, 'page'), 'axe on /login in Arabic').toEqual([]);
  });

  test('switching the back office to Arabic mirrors it and translates it; axe finds nothing serious either way', async ({ page }, testInfo) => {
    await signInByApi(page, demoAdmin(FJORD_ADMIN), DEMO.fjord);
    // The back office opens on Today (issue 23); this test reads billing.
    await expect(sectionRegion(page, 'Today')).toBeVisible();
    await chooseSection(page, 'Billing');
    await expect(sectionRegion(page, 'Billing')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    // Left to right: the navigation's first section (bookings) is left of billing; the logo left of the user menu.
    const ltrBookings = await sectionSwitch(page, 'Bookings').locator('..').boundingBox();
    const ltrBilling = await sectionSwitch(page, 'Billing').locator('..').boundingBox();
    expect(ltrBookings!.x).toBeLessThan(ltrBilling!.x);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page, 'page'), 'axe on /admin in English').toEqual([]);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', /^ar/);

    // The texts are Arabic: the sections, the section heading, the logo link, the language selector's name.
    const nav = page.getByRole('navigation', { name: 'الأقسام' });
    await expect(nav.getByRole('radio', { name: 'الفوترة' })).toBeChecked();
    await expect(nav.getByText('الحجوزات', { exact: true })).toBeVisible();
    await expect(nav.getByText('مؤشرات الأداء', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `${DEMO.fjord}: صفحة الحجز العامة` })).toBeVisible();
    await expect(publicPageLink(page, DEMO.fjord)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/[\u0600-\u06FF]/);

    // Mirrored: the first section (bookings) is now right of billing, and the logo right of the user menu.
    const bookings = await nav.getByRole('radio', { name: 'الحجوزات' }).locator('..').boundingBox();
    const billing = await nav.getByRole('radio', { name: 'الفوترة' }).locator('..').boundingBox();
    expect(bookings!.x).toBeGreaterThan(billing!.x);
    const logo = await page.getByRole('link', { name: `${DEMO.fjord}: صفحة الحجز العامة` }).boundingBox();
    const menu = await page.getByRole('banner').getByRole('button').last().boundingBox();
    expect(logo!.x).toBeGreaterThan(menu!.x);
    const viewport = page.viewportSize()!;
    expect(logo!.x + logo!.width / 2, 'the logo sits in the right half').toBeGreaterThan(viewport.width / 2);
    await snapshot(page, testInfo, 'admin-ar-billing');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page, 'page'), 'axe on /admin in Arabic (billing)').toEqual([]);

    // The bookings section in Arabic too.
    await chooseSection(page, 'الحجوزات');
    await expect(page.getByRole('region', { name: 'الحجوزات' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'الحجوزات' }).getByRole('table')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await snapshot(page, testInfo, 'admin-ar-bookings');
    expect(await seriousViolations(page, 'page'), 'axe on /admin in Arabic (bookings)').toEqual([]);

    // The choice holds for the session: a reload stays in Arabic.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // A reload opens the back office again, on Today (اليوم).
    await expect(nav.getByRole('radio', { name: 'اليوم' })).toBeChecked();
  });
});
