import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

// Sign-in hashes a password, the dialogs load in chunks, axe is slow on a busy two-core machine.
test.describe.configure({ timeout: 150_000 });
test.use({ locale: 'en-GB' });

/** Every English text of a back-office feature's locale file, without its {{placeholders}}' parts. */
function englishTexts(feature: string): string[] {
  const file = new URL(`../../web/src/admin/features/${feature}/locales/en.json`, import.meta.url);
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') out.push(...node.split(/\{\{[^}]+\}\}/).map((part) => part.trim()));
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(JSON.parse(readFileSync(file, 'utf8')));
  // Short fragments ("No", "Key") could be parts of other words; what is left is a sentence or a label.
  return [...new Set(out.filter((text) => text.length >= 4))];
}

/** Checks a dialog is laid out right to left, speaks Arabic, and shows none of the feature's English texts. */
async function expectArabic(dialog: Locator, feature: string) {
  expect(await dialog.evaluate((el) => el.closest('[dir]')?.getAttribute('dir'))).toBe('rtl');
  expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const shown = await dialog.innerText();
  expect(shown).toMatch(/[\u0600-\u06FF]{3}/);
  const fallbacks = englishTexts(feature).filter((text) => shown.includes(text));
  expect(fallbacks, `English texts of ${feature} in the Arabic dialog`).toEqual([]);
  // The browser's own file control speaks the browser's language (English here): none may show.
  await expect(dialog.locator('input[type="file"]:visible')).toHaveCount(0);
}

test('the create-event and advertising dialogs in Arabic: mirrored, translated, and axe finds nothing serious', async ({ page }, testInfo) => {
  await signInByApi(page, demoAdmin(SUPPORT), DEMO.norte);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar-SA');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const userMenu = page.getByRole('button', { name: /قائمة المستخدم/ });

  // The create-event dialog: its tabs, the details tab's fields, clear and next.
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'إنشاء فعالية' }).click();
  const create = page.getByRole('dialog', { name: 'إنشاء فعالية' });
  await expect(create.getByRole('tab', { name: 'التفاصيل' })).toHaveAttribute('aria-selected', 'true');
  await expect(create.getByRole('tab', { name: 'الخصومات' })).toBeDisabled();
  await expect(create.getByRole('textbox', { name: /^الاسم/ })).toBeVisible();
  // Next on the empty tab shows its errors: translated too.
  await create.getByRole('button', { name: 'التالي' }).click();
  await expect(create.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await expectArabic(create, 'events');
  await snapshot(page, testInfo, 'create-event-ar');
  expect(await seriousViolations(page), 'axe on the create-event dialog in Arabic').toEqual([]);
  await create.getByRole('button', { name: 'إغلاق' }).click();
  await expect(create).toBeHidden();

  // The advertising dialog: images, hyperlinks, the kiosk's settings, cancel and accept.
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'الإعلانات' }).click();
  const advertising = page.getByRole('dialog', { name: 'الإعلانات' });
  await expect(advertising.getByRole('button', { name: 'قبول' })).toBeVisible({ timeout: 30_000 });
  await expect(advertising.getByRole('combobox', { name: 'لغة الكشك' })).toBeVisible();
  await expect(advertising.getByRole('button', { name: /^اختيار صورة/ })).toHaveCount(4);
  await expectArabic(advertising, 'advertising');
  await snapshot(page, testInfo, 'advertising-ar');
  expect(await seriousViolations(page), 'axe on the advertising dialog in Arabic').toEqual([]);
});
