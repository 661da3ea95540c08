import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';
import { companyConfig } from '@/test/fixtures';

/** The realtime socket (live viewers); by default it accepts connections and never says anything. */
export const realtimeSocket = ws.link('ws://localhost:3000/ws');

/** The back office's live socket (the Today view); by default it accepts connections and never says anything. */
export const deskLiveSocket = ws.link('ws://localhost:3000/api/admin/live');

/** The company key the default handlers know. */
export const KNOWN_KEY = 'norte';

/** The API double for component tests: `norte` is a company, any other key answers 404 like the server. */
export const server = setupServer(
  http.get('/api/config/:key', ({ params }) =>
    params.key === KNOWN_KEY
      ? HttpResponse.json(companyConfig())
      : HttpResponse.json({ code: 'not_found', message: 'Company not found.' }, { status: 404 }),
  ),
  // The booking page lists the company's products; tests of the wizard give their own.
  http.get('/api/product', () => HttpResponse.json({ productsBooking: [], productsEvent: [] })),
  // The done page's account of a booking; tests of the done page give their own.
  http.get('/api/booking/summary/:id', () =>
    HttpResponse.json({ code: 'not_found', message: 'No booking with that identifier.' }, { status: 404 }),
  ),
  // Whether the visitor is the company's staff (the desk's booking); tests of it give their own.
  http.get('/api/booking/staff', () => HttpResponse.json({ staff: false })),
  realtimeSocket.addEventListener('connection', () => {}),
  deskLiveSocket.addEventListener('connection', () => {}),
);
