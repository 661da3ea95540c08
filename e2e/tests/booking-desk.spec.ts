import { expect, test } from '@playwright/test';
import { bookingRow, demoAdmin, openBookings, queryBookings, sectionRegion, signInByApi } from '../support/admin.ts';
import { referenceOf } from '../support/admin-money.ts';
import { acceptTerms, bookableDay, company, startBooking, toSummary, uniqueEmail } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

/** Circuito Norte's own admin (Circuito Norte takes payments online with the simulated provider). */
const NORTE_ADMIN = 'admin@circuitonorte.example';

test.describe('a booking taken at the desk by the company’s staff', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a signed-in staff member books through the wizard without the card page, and the back office says who took it', async ({
    page,
  }, testInfo) => {
    const admin = await signInByApi(page, demoAdmin(NORTE_ADMIN), DEMO.norte);
    const session = { day: bookableDay(12), time: '16:45:00' };
    await startBooking(page, company(DEMO.norte), { product: 'Tanda adultos 15 minutos', drivers: 1, session });
    await toSummary(page, { nombre: 'Marta', apellidos: 'Gil', email: uniqueEmail('desk'), phone: '611333444' }, [
      { name: 'Marta', email: uniqueEmail('marta') },
    ]);

    // The summary says it is a desk booking: no card, the customer pays at the circuit.
    const desk = page.getByTestId('desk-booking');
    await expect(desk).toContainText(`Desk booking by \u2068${admin.user.name}\u2069`); // the name isolated (FSI…PDI)
    await expect(desk).toContainText('the customer pays at the circuit');
    await expect(page.getByRole('button', { name: 'Create and pay' })).toHaveCount(0);
    await snapshot(page, testInfo, 'desk-summary');
    await acceptTerms(page);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/booking/saveBooking'));
    await page.getByRole('button', { name: 'Create booking' }).click();
    const answer = await saved;
    expect(answer.request().postDataJSON()).toMatchObject({ isPaymentsActive: 0 });
    expect(answer.status()).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    // Booked at once: the answer is the done page, never the simulated card page.
    expect(url).toMatch(/\/success\?booking=/);
    expect(url).not.toContain('/pay/sim/');
    const id = new URL(url, 'http://x').searchParams.get('booking') ?? '';
    await expect(page.getByRole('heading', { level: 2, name: 'Your booking is confirmed!' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('To pay at the circuit:')).toBeVisible();
    expect(page.url()).not.toContain('/pay/sim/');
    const status = (await (await page.request.get(`/api/booking/status/${id}`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ status: 'pending', paymentMode: 'circuit' });

    // The back office lists it, paid at the circuit and taken by that staff member.
    await page.goto('/admin');
    await openBookings(page);
    await queryBookings(page, { start: session.day, end: session.day, by: 'session' });
    const row = bookingRow(page, await referenceOf(page.request, id));
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^Details of booking / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Taken by');
    await expect(dialog).toContainText(admin.user.name);
    await expect(dialog).toContainText('At the circuit');
    await snapshot(page, testInfo, 'desk-booking-details');
    await expect(sectionRegion(page, 'Bookings')).toBeVisible();
  });
});
