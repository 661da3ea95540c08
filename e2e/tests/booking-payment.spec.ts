import { expect, test, type Page } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  bookingIdOf,
  checkStage,
  chooseProduct,
  company,
  fillRegister,
  next,
  openBooking,
  payWithCard,
  pickDay,
  slot,
  stageHeading,
} from '../support/booking.ts';

/** Books one driver in one session at Circuito Norte up to the summary. */
async function toSummary(page: Page, time: string, offset: number): Promise<void> {
  await openBooking(page, company('Circuito Norte'));
  await chooseProduct(page, 'Tanda adultos 15 minutos', 1);
  await next(page);
  await pickDay(page, bookableDay(offset));
  await slot(page, time).click();
  await expect(slot(page, time)).toHaveAttribute('data-status', 'MARKED');
  await next(page);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await fillRegister(page, { nombre: 'Pablo', apellidos: 'Ruiz', email: `pay-${stamp}@example.com`, phone: '611222333' }, [
    { name: 'Pablo', email: `pablo-${stamp}@example.com` },
  ]);
  await next(page);
  await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
}

test.describe('booking wizard, paying online with the simulated provider', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an approved card books and pays', async ({ page, request }, testInfo) => {
    await toSummary(page, '12:00:00', 5);
    await expect(page.getByText('You pay at the circuit when you arrive.')).toHaveCount(0);
    await expect(page.getByText('Taxes included.')).toBeVisible();
    await acceptTerms(page);
    await checkStage(page, testInfo, 'payment-summary');
    await page.getByRole('button', { name: 'Create and pay' }).click();

    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/success\?booking=/);
    const id = bookingIdOf(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Your payment has been received')).toBeVisible();
    await expect(async () => {
      const status = (await (await request.get(`/api/booking/status/${id}`)).json()) as Record<string, unknown>;
      expect(status).toMatchObject({ status: 'pagada', paymentMode: 'online', paymentStatus: 'approved' });
    }).toPass({ timeout: 20_000 });
  });

  test('a declined card books nothing', async ({ page, request }) => {
    await toSummary(page, '12:15:00', 5);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Create and pay' }).click();

    await payWithCard(page, '4000 0000 0000 0002');
    await expect(page).toHaveURL(/\/success\?booking=/);
    const id = bookingIdOf(page);
    await expect(async () => {
      const status = (await (await request.get(`/api/booking/status/${id}`)).json()) as Record<string, unknown>;
      expect(status).toMatchObject({ status: 'cancelada', paymentStatus: 'declined' });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible({ timeout: 20_000 });
  });
});
