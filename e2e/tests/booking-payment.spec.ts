import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  bookingIdOf,
  checkPage,
  checkStage,
  company,
  payWithCard,
  startBooking,
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

/** Books one driver in one session at Circuito Norte up to the summary, checking each stage with testInfo. */
async function toNorteSummary(page: Page, time: string, offset: number, testInfo?: TestInfo): Promise<void> {
  const session = { day: bookableDay(offset), time };
  await startBooking(page, company(DEMO.norte), { product: 'Tanda adultos 15 minutos', drivers: 1, session }, testInfo);
  await toSummary(page, { nombre: 'Pablo', apellidos: 'Ruiz', email: uniqueEmail('pay'), phone: '611222333' }, [
    { name: 'Pablo', email: uniqueEmail('pablo') },
  ], { testInfo });
}

test.describe('booking wizard, paying online with the simulated provider', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an approved card books and pays', async ({ page, request }, testInfo) => {
    await toNorteSummary(page, '12:00:00', 5, testInfo);
    await expect(page.getByText('You pay at the circuit when you arrive.')).toHaveCount(0);
    await expect(page.getByText('Taxes included.')).toBeVisible();
    await acceptTerms(page);
    await checkStage(page, testInfo, 'stage-3-summary');
    await page.getByRole('button', { name: 'Create and pay' }).click();

    await expect(page).toHaveURL(/\/pay\/sim\//);
    await snapshot(page, testInfo, 'provider-page');
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/success\?booking=/);
    const id = bookingIdOf(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Your payment has been received')).toBeVisible();
    await checkPage(page, testInfo, 'stage-4-success');
    await expect(async () => {
      const status = (await (await request.get(`/api/booking/status/${id}`)).json()) as Record<string, unknown>;
      expect(status).toMatchObject({ status: 'pagada', paymentMode: 'online', paymentStatus: 'approved' });
    }).toPass({ timeout: 30_000 });
  });

  test('a declined card books nothing', async ({ page, request }, testInfo) => {
    await toNorteSummary(page, '12:15:00', 5);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Create and pay' }).click();

    await payWithCard(page, '4000 0000 0000 0002');
    await expect(page).toHaveURL(/\/success\?booking=/);
    const id = bookingIdOf(page);
    await expect(async () => {
      const status = (await (await request.get(`/api/booking/status/${id}`)).json()) as Record<string, unknown>;
      expect(status).toMatchObject({ status: 'cancelada', paymentStatus: 'declined' });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible({ timeout: 30_000 });
    await checkPage(page, testInfo, 'payment-declined');
  });
});
