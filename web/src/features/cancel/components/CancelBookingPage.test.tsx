import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CancelView } from '@/features/cancel/api/cancel-preview';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

// Pages come in lazy chunks and wait for requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const TOKEN = 'c4ncel-t0ken-c4ncel-t0ken';

const booking = (over: Partial<CancelView> = {}): CancelView => ({
  reference: 'UE9B-KTGR',
  status: 'pagada',
  cancellable: true,
  reason: null,
  company: 'Kart Madrid',
  logo: '/logos/kart-madrid.png',
  contactEmail: 'desk@kart.example',
  contactPhone: '+34 942 12 34 56',
  primaryColor: '#1d3557',
  currency: 'EUR',
  timeZone: 'Europe/Madrid',
  culture: 'en-GB',
  defaultCulture: 'es-ES',
  firstSession: { date: '2026-12-05', time: '18:00', circuit: 'Main track' },
  lines: [{ name: 'Adult 10 min', quantity: 2, sessions: [{ date: '2026-12-05', time: '18:00', circuit: 'Main track' }] }],
  drivers: ['Ana', 'Bo'],
  total: 58,
  money: { policy: 'card', paid: 58, toCard: 58, atDesk: 0, pending: false },
  cancelledAt: null,
  ...over,
});

const cancelledFrom = (view: CancelView): CancelView => ({
  ...view,
  status: 'cancelada',
  cancellable: false,
  reason: 'cancelled',
  cancelledAt: '2026-12-01T08:00:00Z',
});

/** Serves the preview and the cancellation; returns the POSTs made. */
function serve(view: CancelView, post: () => Response = () => HttpResponse.json(cancelledFrom(view))) {
  const posts: string[] = [];
  server.use(
    http.get('/api/booking/cancel/:token', () => HttpResponse.json(view)),
    http.post('/api/booking/cancel/:token', ({ params }) => {
      posts.push(String(params.token));
      return post();
    }),
  );
  return posts;
}

/** An element's text without the Unicode isolates around interpolated amounts. */
const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2068\u2069]/g, '');

const error = (status: number, code: string, message: string) => () =>
  HttpResponse.json({ code, message }, { status });

describe('cancel booking page', { timeout: 20_000 }, () => {
  it('shows the booking and what happens to the money, and cancels nothing on load', async () => {
    const posts = serve(booking());
    renderRoute(`/cancelBooking/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancel your booking' })).toBeInTheDocument();
    const summary = screen.getByTestId('booking-summary');
    // The short reference customers know from their mails, under the circuit's logo.
    expect(summary).toHaveTextContent('UE9B-KTGR');
    expect(within(screen.getByTestId('branded-header')).getByRole('img', { name: 'Kart Madrid' })).toHaveAttribute(
      'src',
      '/logos/kart-madrid.png',
    );
    expect(summary).toHaveTextContent('2 × Adult 10 min');
    expect(summary).toHaveTextContent('Ana, Bo');
    expect(summary).toHaveTextContent(/Saturday,? 5 December 2026/);
    expect(summary).toHaveTextContent('18:00');
    expect(summary).toHaveTextContent('€58.00');
    expect(plain(screen.getByTestId('money-card'))).toContain('€58.00 will be refunded to your card at once.');
    expect(posts).toEqual([]);
  });

  it('cancels only after the confirmation, once, and shows the refund', async () => {
    const posts = serve(booking());
    renderRoute(`/cancelBooking/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my booking' }));
    expect(posts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel the booking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is cancelled' })).toBeInTheDocument();
    expect(plain(screen.getByTestId('money-card'))).toContain('€58.00 has been refunded to your card.');
    expect(posts).toEqual([TOKEN]);
  });

  it.each([
    [{ policy: 'desk', paid: 58, toCard: 0, atDesk: 58, pending: false }, 'money-desk', '€58.00 will be refunded to you at the circuit.'],
    [{ policy: 'none', paid: 58, toCard: 0, atDesk: 0, pending: false }, 'money-none', "Under the circuit's policy, cancelling gives no refund."],
    [{ policy: 'card', paid: 0, toCard: 0, atDesk: 0, pending: false }, 'money-unpaid', 'Nothing has been paid, so there is nothing to refund.'],
  ] as const)('says what the %o policy does before the button is pressed', async (money, testId, text) => {
    serve(booking({ money: { ...money } }));
    renderRoute(`/cancelBooking/${TOKEN}`);
    expect(plain(await screen.findByTestId(testId))).toContain(text);
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
  });

  it('shows a booking cancelled earlier as already cancelled, with what happened to the money', async () => {
    const posts = serve(cancelledFrom(booking()));
    renderRoute(`/cancelBooking/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This booking was already cancelled' })).toBeInTheDocument();
    expect(plain(screen.getByTestId('money-card'))).toContain('€58.00 has been refunded to your card.');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('says why a booking can no longer be cancelled online, with no button', async () => {
    serve(booking({ cancellable: false, reason: 'closed', money: null }));
    renderRoute(`/cancelBooking/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This booking can no longer be cancelled online' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('refusal-reason')).toHaveTextContent('that time has passed');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    // Where it says to contact the circuit: how — its phone (to call) and its e-mail.
    expect(screen.getByTestId('company-phone')).toHaveTextContent('Call the circuit: +34 942 12 34 56');
    expect(screen.getByRole('link', { name: '+34 942 12 34 56' })).toHaveAttribute('href', 'tel:+34942123456');
    expect(screen.getByTestId('company-email')).toHaveTextContent('Contact the circuit by e-mail: desk@kart.example');
    expect(screen.getByRole('link', { name: 'desk@kart.example' })).toHaveAttribute('href', 'mailto:desk@kart.example');
  });

  it('keeps the phone and e-mail left to right and whole on an Arabic page', async () => {
    serve(booking({ cancellable: false, reason: 'closed', money: null }));
    renderRoute(`/cancelBooking/${TOKEN}`);
    await screen.findByTestId('company-phone');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar-SA');
    expect(await screen.findByText('اتصل بالحلبة:', { exact: false })).toBeInTheDocument();
    const phone = screen.getByRole('link', { name: '+34 942 12 34 56' });
    expect(phone.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(phone).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByTestId('company-phone')).toHaveTextContent('اتصل بالحلبة: +34 942 12 34 56');
    expect(screen.getByRole('link', { name: 'desk@kart.example' }).querySelector('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('shows only the e-mail of a circuit without a phone', async () => {
    serve(booking({ cancellable: false, reason: 'closed', money: null, contactPhone: '' }));
    renderRoute(`/cancelBooking/${TOKEN}`);
    expect(await screen.findByTestId('company-email')).toHaveTextContent('desk@kart.example');
    expect(screen.queryByTestId('company-phone')).not.toBeInTheDocument();
  });

  it("shows the error page with the server's reason when the cancellation is refused (422)", async () => {
    serve(booking(), error(422, 'unprocessable', 'Bookings can be cancelled online up to 2 days before the session.'));
    renderRoute(`/cancelBooking/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel the booking' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This booking can no longer be cancelled online' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('server-message')).toHaveTextContent('up to 2 days before the session');
  });

  it('offers to try again after a server failure, and the retry cancels', async () => {
    let calls = 0;
    const view = booking();
    const posts = serve(view, () => (++calls === 1 ? error(503, 'unavailable', 'Try later.')() : HttpResponse.json(cancelledFrom(view))));
    renderRoute(`/cancelBooking/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel the booking' }));
    await screen.findByRole('heading', { level: 1, name: 'Service temporarily unavailable' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is cancelled' })).toBeInTheDocument();
    expect(posts).toHaveLength(2);
  });

  it('shows the error page for an unknown link (404), in the chosen language', async () => {
    server.use(http.get('/api/booking/cancel/:token', error(404, 'not_found', 'No booking with that cancellation link.')));
    renderRoute(`/cancelBooking/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'This cancellation link is not valid' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es-ES');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este enlace de cancelación no es válido' }),
    ).toBeInTheDocument();
  });

  it('does not call the server for a token longer than any real one', async () => {
    const posts = serve(booking());
    renderRoute(`/cancelBooking/${'x'.repeat(65)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This cancellation link is not valid' })).toBeInTheDocument();
    expect(posts).toEqual([]);
  });
});
