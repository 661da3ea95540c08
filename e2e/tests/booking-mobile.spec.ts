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

test.describe('booking wizard on a phone', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a whole booking at 390 px wide without sideways scrolling', async ({ page }, testInfo) => {
    await openBooking(page, company('Fjord Karting'));
    await expectNoHorizontalScroll(page);
    await checkStage(page, testInfo, 'phone-stage-0');
    await chooseProduct(page, 'Junior – 8 minutter', 2);
    await next(page);
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
    await expectNoHorizontalScroll(page);
    await acceptTerms(page);
    await checkStage(page, testInfo, 'phone-stage-3');
    await page.getByRole('button', { name: 'Create booking' }).click();
    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await checkStage(page, testInfo, 'phone-stage-4');
  });
});
