import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './booking.ts';
import type { DemoCompany } from './state.ts';

/** A booking made through the API. */
export interface Booked {
  /** The contact's address, fresh for each booking: the mails to it are this booking's. */
  email: string;
  /** The success page's path and query (/success?booking=…). */
  successUrl: string;
  companyId: number;
  /** The booking's identifier (the success page's ?booking=). */
  identifier: string;
  /** The booking's short reference (ABCD-2345), as the back office shows it. */
  reference: string;
  /** The session booked: its day (YYYY-MM-DD) and start (HH:mm:ss). */
  date: string;
  startTime: string;
  /** The product booked, by its name as the booking page lists it. */
  productName: string;
  /** How many drivers were booked. */
  drivers: number;
}

/**
 * Books `drivers` drivers (default one) at a company paid at the circuit through the API, as the wizard
 * does: a cart, a hold on the first session at least `daysAhead` days ahead with room for them, then
 * saveBooking in English. With acceptSendPromo the contact opts in to news and offers (and so becomes a
 * member who can unsubscribe).
 */
export async function bookAtCircuitByApi(
  request: APIRequestContext,
  target: DemoCompany,
  { acceptSendPromo = 0, daysAhead = 3, drivers = 1 } = {},
): Promise<Booked> {
  const config = await (await request.get(`/api/config/${target.key}`)).json();
  const headers = { Authorization: `Bearer ${config.token}` };
  const { productsBooking } = await (await request.get(`/api/product?idCompany=${config.idCompany}`)).json();
  const product = productsBooking.find((p: { stock: number | null }) => p.stock === null || p.stock > 5);
  let date = '';
  let slot: { startTime: string; price: number } | undefined;
  for (let days = daysAhead; days < 30 && !slot; days++) {
    date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const answer = await request.get(`/api/booking/availability?date=${date}&idType=${product.id}&type=PRODUCT`, { headers });
    const { data } = await answer.json();
    slot = data.slots.find((s: { available: boolean; usersAvailable: number }) => s.available && s.usersAvailable >= drivers);
  }
  expect(slot, `a free session at ${target.name} within a month`).toBeDefined();
  const cart = await (await request.post('/api/payment/shopping-cart', { headers, data: { idCompany: config.idCompany } })).json();
  const hold = await request.post('/api/prebooking', {
    headers,
    data: { bookingDates: [`${date} ${slot!.startTime}`], numDrivers: drivers, idType: product.id, type: 'PRODUCT', token: cart.token, price: slot!.price },
  });
  expect(hold.status()).toBe(201);
  const { prebookingIdentifier } = await hold.json();
  const email = uniqueEmail('e2e');
  const saved = await request.post('/api/booking/saveBooking', {
    headers,
    data: {
      token: cart.token,
      nombre: 'Ana',
      apellidos: 'Berg',
      phone: '+4520123456',
      email,
      emailConfirmation: email,
      adultConfirmation: 1,
      acceptSendPromo,
      identifiersPrebooking: [prebookingIdentifier],
      slots: [{ prebookingIdentifier, drivers: Array.from({ length: drivers }, (_, i) => ({ name: i === 0 ? 'Ana' : `Driver ${i + 1}` })) }],
      isPaymentsActive: 0,
      culture: 'en-GB',
    },
  });
  expect(saved.status()).toBe(200);
  const { url } = await saved.json();
  const success = new URL(url);
  const identifier = success.searchParams.get('booking') ?? '';
  const summary = await request.get(`/api/booking/summary/${identifier}`);
  expect(summary.status(), 'booking summary').toBe(200);
  const { reference } = (await summary.json()) as { reference: string };
  return {
    email,
    successUrl: success.pathname + success.search,
    companyId: config.idCompany,
    identifier,
    reference,
    date,
    startTime: slot!.startTime,
    productName: product.name,
    drivers,
  };
}
