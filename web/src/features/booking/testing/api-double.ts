import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Product } from '@/features/booking/utils/product';

/** A product as GET /api/product lists it, for tests. */
export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    idLocal: '101',
    name: 'Tanda adultos 10 minutos',
    description: 'Diez minutos en la Pista Grande.',
    image: null,
    price: 22,
    priceConverted: 22,
    simbolCoinType: '€',
    stock: null,
    isActive: 1,
    isDynamicPrice: 0,
    data: '{}',
    group: null,
    variant: { idVariant: 1, name: 'Karts', circuit: { id: 1, name: 'Pista Grande', idInstallation: 1 } },
    event: null,
    products: null,
    ...overrides,
  };
}

interface Line {
  identifier: string;
  product: Product;
  numDrivers: number;
  bookingDates: string[];
  type: 'PRODUCT' | 'PACK' | 'VOUCHER';
  price: number;
  released: boolean;
}

/**
 * An in-memory double of the booking calls (cart, holds, vouchers, save) for component tests. It records
 * the requests it answered, so a test can check what the wizard sent.
 */
export function bookingApi(products: Product[]) {
  const lines: Line[] = [];
  const requests: { method: string; path: string; body: JsonBodyType; headers: Headers }[] = [];
  let n = 0;
  const cart = () => {
    const live = lines.filter((l) => !l.released);
    const total = live.reduce((s, l) => s + l.price * l.numDrivers, 0);
    return {
      token: 'cart-1',
      details: lines.map((l, i) => ({
        id: i + 1,
        product: { id: l.product.id, name: l.product.name },
        quantity: l.numDrivers,
        prebookingIdentifier: l.identifier,
        type: l.type,
        originalPrice: l.price,
        discountedPrice: l.price,
        total: l.price * l.numDrivers,
        bookingDates: l.bookingDates,
        trackName: l.product.variant?.circuit.name ?? '-',
        expired: l.released,
      })),
      priceConverted: total,
      originalPriceConverted: total,
      numParticipants: live.reduce((s, l) => s + l.numDrivers, 0),
      discount: null,
      expiresAt: live.length ? new Date(Date.now() + 10 * 60_000).toISOString() : null,
    };
  };
  const record = async (request: Request, path: string) => {
    const body = request.method === 'GET' ? null : ((await request.clone().json()) as JsonBodyType);
    requests.push({ method: request.method, path, body, headers: request.headers });
    return body as Record<string, unknown>;
  };
  const handlers = [
    http.get('/api/product', () => HttpResponse.json({ productsBooking: products, productsEvent: [] })),
    http.post('/api/payment/shopping-cart', async ({ request }) => {
      await record(request, 'cart');
      return HttpResponse.json({ token: 'cart-1' }, { status: 201 });
    }),
    http.get('/api/payment/shopping-cart/:token', () => HttpResponse.json({ data: cart() })),
    http.get('/api/payment/shopping-cart/:token/details', () => HttpResponse.json({ data: cart().details })),
    http.get('/api/booking/availability', () =>
      HttpResponse.json({
        data: {
          slots: ['10:00:00', '10:15:00', '10:30:00', '10:45:00', '11:00:00'].map((startTime, i) => ({
            startTime,
            usersAvailable: i === 3 ? 1 : 12,
            maxParticipants: 12,
            idPack: null,
            idProduct: 1,
            price: 22,
            available: true,
          })),
          disableHoursBooking: 0,
          dateLimitBooking: { date: null, enabled: false },
          maxDaysBooking: 30,
          timeZone: 'Europe/Madrid',
        },
      }),
    ),
    http.post('/api/prebooking', async ({ request }) => {
      const body = await record(request, 'prebooking');
      const p = products.find((x) => x.id === body.idType) ?? products[0];
      const identifier = `pb${++n}`;
      const dates = body.bookingDates as string[];
      lines.push({ identifier, product: p, numDrivers: body.numDrivers as number, bookingDates: dates, type: body.type as 'PRODUCT', price: p.price, released: false });
      return HttpResponse.json(
        {
          prebookingIdentifier: identifier,
          prebookingDate: dates[0],
          expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
          price: p.price * (body.numDrivers as number),
          numDrivers: body.numDrivers,
        },
        { status: 201 },
      );
    }),
    http.delete('/api/prebooking/:id', async ({ request, params }) => {
      await record(request, `release ${String(params.id)}`);
      const line = lines.find((l) => l.identifier === params.id);
      if (line) line.released = true;
      return HttpResponse.json({ released: true });
    }),
    http.post('/api/booking/voucher', async ({ request }) => {
      const body = await record(request, 'voucher');
      const p = products.find((x) => x.id === body.idProduct) ?? products[0];
      const identifier = `v${++n}`;
      lines.push({ identifier, product: p, numDrivers: body.numDrivers as number, bookingDates: [], type: 'VOUCHER', price: p.price, released: false });
      return HttpResponse.json(
        {
          prebookingIdentifier: identifier,
          expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
          price: p.price * (body.numDrivers as number),
          numDrivers: body.numDrivers,
        },
        { status: 201 },
      );
    }),
    http.post('/api/booking/saveBooking', async ({ request }) => {
      await record(request, 'save');
      return HttpResponse.json({ url: '/success?booking=b123' });
    }),
    http.get('/api/booking/status/:id', () =>
      HttpResponse.json({
        identifier: 'b123',
        status: 'pending',
        paymentMode: 'circuit',
        paymentStatus: null,
        needsRefund: false,
        total: 22,
        culture: 'en-GB',
      }),
    ),
    http.post('/api/member/search-email', () => HttpResponse.json({ found: false })),
    http.get('/api/termsAndConditions/:id/:culture', () => HttpResponse.json({ text: 'Terms text.', culture: 'en-GB' })),
  ];
  return { handlers, requests, lines };
}
