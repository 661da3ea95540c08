import { expect, test } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  expectNoHorizontalScroll,
  fillRegister,
  next,
  openBooking,
  pickDay,
  slot,
  stageHeading,
} from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';

test.describe('booking wizard on a phone', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a whole booking at 390 px wide without sideways scrolling', async ({ page }, testInfo) => {
    await openBooking(page, company('Fjord Karting'));
    await expectNoHorizontalScroll(page);
    // The step labels are hidden on a phone; the current step's name and position stay visible.
    const current = page.getByTestId('step-current');
    await expect(current).toBeVisible();
    await expect(current).toHaveText('Step 1 of 5: Drivers');
    await checkStage(page, testInfo, 'phone-stage-0');
    await chooseProduct(page, 'Junior – 8 minutter', 2);
    await next(page);
    await expect(current).toHaveText('Step 2 of 5: Date');
    await pickDay(page, bookableDay(8));
    await expectNoHorizontalScroll(page);
    await slot(page, '18:00:00').tap();
    await expect(slot(page, '18:00:00')).toHaveAttribute('data-status', 'MARKED');
    await checkStage(page, testInfo, 'phone-stage-1');
    await next(page);
    await fillRegister(page, { nombre: 'Sofie', email: `phone-${Date.now()}@example.com`, phone: '30123456' }, [
      { name: 'Sofie' },
      { name: 'Emil' },
    ]);
    await expectNoHorizontalScroll(page);
    await checkStage(page, testInfo, 'phone-stage-2');
    await next(page);
    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(current).toHaveText('Step 4 of 5: Summary');
    await expectNoHorizontalScroll(page);
    await acceptTerms(page);
    await checkStage(page, testInfo, 'phone-stage-3');
    await page.getByRole('button', { name: 'Create booking' }).click();
    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeVisible();
    await expect(current).toHaveText('Step 5 of 5: Done');
    await expectNoHorizontalScroll(page);
    await checkStage(page, testInfo, 'phone-stage-4');
  });

  test('in Arabic the current step reads right to left, in the page’s digits', async ({ page }, testInfo) => {
    await page.goto(`${company('Fjord Karting').url}?lang=ar`);
    const current = page.getByTestId('step-current');
    await expect(current).toBeVisible({ timeout: 30_000 });
    await expect(current).toHaveText('الخطوة 1 من 5: السائقون');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoHorizontalScroll(page);
    await snapshot(page, testInfo, 'phone-step-current-ar');
  });
});

test.describe('booking wizard on a wide screen', () => {
  test('the step labels show and the phone’s step line does not', async ({ page }) => {
    await openBooking(page, company('Fjord Karting'));
    await expect(page.getByRole('navigation', { name: 'Booking steps' }).getByText('Your details')).toBeVisible();
    await expect(page.getByTestId('step-current')).toBeHidden();
  });
});
