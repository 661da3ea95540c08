import { expect, type APIRequestContext } from '@playwright/test';
import type { DemoCompany } from './state.ts';

/** A session as the availability call answers it. */
export interface ApiSlot {
  startTime: string;
  available: boolean;
  usersAvailable: number;
  price: number;
}

/** Another visitor of a company's booking page, driving the public API as the wizard does. */
export interface OtherVisitor {
  /** The session's offer for a product on a day (YYYY-MM-DD) at a start (HH:mm:ss). */
  slot(productName: string, day: string, time: string): Promise<ApiSlot>;
  /** Holds drivers in the session through a fresh shopping cart; returns the answer's status and body. */
  hold(productName: string, day: string, time: string, drivers: number): Promise<{ status: number; body: string }>;
}

/**
 * Another visitor of the company's booking page (visitor id `visitor`, sent as X-Visitor-Id): use the same
 * id as the page's to act as the same visitor in another tab.
 */
export async function otherVisitor(request: APIRequestContext, target: DemoCompany, visitor: string): Promise<OtherVisitor> {
  const config = (await (await request.get(`/api/config/${target.key}`)).json()) as { token: string; idCompany: number };
  const headers = { Authorization: `Bearer ${config.token}`, 'X-Visitor-Id': visitor };
  const { productsBooking } = (await (await request.get(`/api/product?idCompany=${config.idCompany}`)).json()) as {
    productsBooking: { id: number; name: string }[];
  };
  const productId = (name: string) => {
    const product = productsBooking.find((p) => p.name === name);
    if (!product) throw new Error(`${target.name} offers no product named ${name}`);
    return product.id;
  };
  const slot = async (productName: string, day: string, time: string) => {
    const answer = await request.get(`/api/booking/availability?date=${day}&idType=${productId(productName)}&type=PRODUCT`, { headers });
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { slots: ApiSlot[] } };
    const found = data.slots.find((s) => s.startTime === time);
    if (!found) throw new Error(`no session at ${day} ${time} for ${productName}`);
    return found;
  };
  return {
    slot,
    async hold(productName, day, time, drivers) {
      const offer = await slot(productName, day, time);
      const cart = (await (await request.post('/api/payment/shopping-cart', { headers, data: { idCompany: config.idCompany } })).json()) as {
        token: string;
      };
      const answer = await request.post('/api/prebooking', {
        headers,
        data: {
          bookingDates: [`${day} ${time}`],
          numDrivers: drivers,
          idType: productId(productName),
          type: 'PRODUCT',
          token: cart.token,
          price: offer.price,
        },
      });
      return { status: answer.status(), body: await answer.text() };
    },
  };
}
