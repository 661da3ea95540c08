import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BookingStatus } from '@/features/success/api/get-booking-status';
import type { BookingSummary } from '@/lib/api/get-booking-summary';
import { COMPANY_KEY_STORAGE_KEY } from '@/lib/company-key';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

configure({ asyncUtilTimeout: 5_000 });

const IDENT = '0123456789abcdef0123456789abcdef';

function summary(change: Partial<BookingSummary> = {}): BookingSummary {
  return {
    identifier: IDENT,
    reference: 'KXR7-PM42',
    status: 'pagada',
    paymentMode: 'online',
    culture: 'en-GB',
    timeZone: 'Europe/Madrid',
    currency: 'EUR',
    total: 44,
    paid: 44,
    hasCalendar: true,
    lines: [
      {
        product: 'Adult 10 min',
        quantity: 1,
        total: 44,
        drivers: ['Ana', 'Luis'],
        // 09:00 UTC is 10:00 in Madrid on 1 December 2026 (a Tuesday).
        sessions: [{ date: '2026-12-01', time: '10:00', startsAt: '2026-12-01T09:00:00Z', circuit: 'Pista Grande' }],
      },
    ],
    ...change,
  };
}

function status(change: Partial<BookingStatus> = {}): BookingStatus {
  return {
    identifier: IDENT,
    status: 'pagada',
    paymentMode: 'online',
    paymentStatus: 'approved',
    needsRefund: false,
    total: 44,
    culture: 'en-GB',
    ...change,
  };
}

function answer(s: BookingStatus, sum: BookingSummary) {
  server.use(
    http.get('/api/booking/status/:id', () => HttpResponse.json(s)),
    http.get('/api/booking/summary/:id', ({ params }) =>
      params.id === IDENT ? HttpResponse.json(sum) : HttpResponse.json({ code: 'not_found', message: 'x' }, { status: 404 }),
    ),
  );
}

describe('the done page', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStorage.setItem(COMPANY_KEY_STORAGE_KEY, KNOWN_KEY));

  it('draws the booking’s check-in QR code from its check code', async () => {
    answer(status(), summary({ checkCode: 'PITLANE:KXR7PM42:AAAABBBBCCCCDDDDEEEEFFFF' }));
    const { unmount } = renderRoute(`/success?booking=${IDENT}`);
    const qr = await screen.findByRole('img', { name: 'Check-in QR code of booking KXR7-PM42' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('Check-in QR code')).toBeInTheDocument();
    unmount();
  });


  it('shows the reference, the session at the circuit, the product, drivers, payment and calendar link', async () => {
    answer(status(), summary());
    renderRoute(`/success?booking=${IDENT}`);
    expect(await screen.findByTestId('booking-reference')).toHaveTextContent('KXR7-PM42');
    const line = screen.getByTestId('booking-done-line');
    expect(within(line).getByText('Adult 10 min')).toBeInTheDocument();
    // Written out with its weekday, at the circuit's time (10:00 in Madrid), whatever the test's zone.
    expect(line).toHaveTextContent(/Tuesday,? 1 December 2026,? (at )?10:00/);
    expect(line).toHaveTextContent('Pista Grande');
    expect(line).toHaveTextContent('Drivers: Ana, Luis');
    expect(screen.getByTestId('booking-done-payment')).toHaveTextContent(/Paid by card: \u2068?€44\.00/);
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/booking/ics/${IDENT}`);
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('says how much is paid at the circuit for a booking paid there', async () => {
    answer(
      status({ paymentMode: 'circuit', status: 'pending', paymentStatus: null }),
      summary({ paymentMode: 'circuit', status: 'pending', paid: 0 }),
    );
    renderRoute(`/success?booking=${IDENT}`);
    expect(await screen.findByTestId('booking-done-payment')).toHaveTextContent(/To pay at the circuit: \u2068?€44\.00/);
  });

  it('offers no calendar file for a booking without sessions (a voucher)', async () => {
    answer(status(), summary({ hasCalendar: false, lines: [{ product: 'Gift voucher', quantity: 1, total: 44, drivers: [], sessions: [] }] }));
    renderRoute(`/success?booking=${IDENT}`);
    expect(await screen.findByTestId('booking-reference')).toHaveTextContent('KXR7-PM42');
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('is written in Spanish for a Spanish booking', async () => {
    answer(status({ culture: 'es-ES' }), summary({ culture: 'es-ES' }));
    // Neither the visitor nor the browser names one of the seven languages: the booking's language.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    renderRoute(`/success?booking=${IDENT}`);
    expect(await screen.findByRole('link', { name: 'Añadir al calendario' })).toBeInTheDocument();
    expect(screen.getByTestId('booking-done-line')).toHaveTextContent(/martes, 1 de diciembre de 2026, 10:00/);
    expect(screen.getByTestId('booking-done-payment')).toHaveTextContent('Pagado con tarjeta');
  });
});
