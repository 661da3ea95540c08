import { expect, test, type Page } from '@playwright/test';
import { company, seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';
import { ownClientAddress } from '../support/client-address.ts';

// Opens cancel or unsubscribe pages, whose routes allow 10 requests a minute per client: its own address.
test.use(ownClientAddress);

/** The horizontal centre of an element. */
async function centreX(page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box.x + box.width / 2;
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'ar-SA'));
});

test('the terms page in Arabic reads right to left, with the header mirrored', async ({ page }, testInfo) => {
  const norte = company(DEMO.norte);
  await page.goto(`/terms?company=${norte.key}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA');
  await expect(page.getByRole('heading', { level: 1, name: 'الشروط والأحكام' })).toBeVisible();
  // Mirrored: the logo on the right, the language selector on the left.
  const header = page.getByRole('banner');
  const logo = await centreX(page, header.getByRole('img', { name: norte.name }));
  const language = await centreX(page, header.getByRole('combobox'));
  expect(logo).toBeGreaterThan(language);
  // The terms exist in Spanish and English only: an Arabic note says which is shown.
  await expect(page.getByText(/هذه الشروط غير متوفرة بلغتك/)).toBeVisible();
  await snapshot(page, testInfo, 'terms-ar');
  expect(await seriousViolations(page, 'page')).toEqual([]);
});

test('the booking page in Arabic mirrors its header, and the problem report reads right to left', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const norte = company(DEMO.norte);
  await page.goto(norte.url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const header = page.getByRole('banner');
  const logo = await centreX(page, header.getByRole('img', { name: norte.name }));
  const language = await centreX(page, header.getByRole('combobox'));
  expect(logo).toBeGreaterThan(language);

  await page.getByRole('contentinfo').getByRole('button', { name: 'الإبلاغ عن مشكلة' }).click();
  const dialog = page.getByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
  await expect(dialog).toBeVisible();
  const subject = dialog.getByRole('textbox', { name: 'الموضوع' });
  const subjectBox = (await subject.boundingBox())!;
  const labelBox = (await dialog.locator('label', { hasText: 'الموضوع' }).boundingBox())!;
  // The label starts at the right edge of the field, as Arabic reads.
  expect(Math.abs(labelBox.x + labelBox.width - (subjectBox.x + subjectBox.width))).toBeLessThan(4);
  await expect(dialog.getByText('أنا لست روبوتًا')).toBeVisible();
  await snapshot(page, testInfo, 'problem-report-ar');
  expect(await seriousViolations(page, 'page')).toEqual([]);
});

test('the cancellation error page in Arabic', async ({ page }, testInfo) => {
  await page.goto('/cancelBooking/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'رابط الإلغاء هذا غير صالح' })).toBeVisible();
  await snapshot(page, testInfo, 'cancel-unknown-ar');
  expect(await seriousViolations(page, 'page')).toEqual([]);
});
