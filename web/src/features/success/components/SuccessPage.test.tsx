import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BookingStatus } from '@/features/success/api/get-booking-status';
import { POLL_EVERY_MS } from '@/features/success/components/SuccessPage';
import { COMPANY_KEY_STORAGE_KEY } from '@/lib/company-key';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

// Pages come in lazy chunks and wait for requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

function status(change: Partial<BookingStatus> = {}): BookingStatus {
  return {
    identifier: 'b-1',
    status: 'pending',
    paymentMode: 'online',
    paymentStatus: 'created',
    needsRefund: false,
    total: 45,
    culture: 'en-GB',
    ...change,
  };
}

/** Answers the status calls in turn (the last one repeats) and counts them. */
function statusAnswers(...answers: BookingStatus[]) {
  const calls: string[] = [];
  server.use(
    http.get('/api/booking/status/:id', ({ params }) => {
      calls.push(String(params.id));
      return HttpResponse.json(answers[Math.min(calls.length, answers.length) - 1]);
    }),
  );
  return calls;
}

describe('success page', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStorage.setItem(COMPANY_KEY_STORAGE_KEY, KNOWN_KEY));

  it("confirms a paid booking under the company's header", async () => {
    statusAnswers(status({ status: 'pagada', paymentStatus: 'approved' }));
    renderRoute('/success?booking=b-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeInTheDocument();
    expect(screen.getByTestId('outcome')).toHaveTextContent('Your payment has been received');
    expect(screen.getByText('Total: \u2068€45.00\u2069')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Circuito Norte' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book another session' })).toHaveAttribute('href', `/${KNOWN_KEY}`);
  });

  it('says a booking paid at the circuit is booked, with the amount to pay there', async () => {
    statusAnswers(status({ paymentMode: 'circuit', paymentStatus: null, total: 60 }));
    renderRoute('/success?booking=b-1');
    expect(await screen.findByText('Your places are booked. You pay at the circuit on the day.')).toBeInTheDocument();
    expect(screen.getByText('To pay at the circuit: \u2068€60.00\u2069')).toBeInTheDocument();
  });

  it('waits for the payment to be confirmed, asking again every 2 seconds', async () => {
    const calls = statusAnswers(status(), status({ status: 'pagada', paymentStatus: 'approved' }));
    renderRoute('/success?booking=b-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'We are confirming your payment' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' }, { timeout: POLL_EVERY_MS + 2000 }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('tells the truth when the payment was declined: nothing booked, back to booking', async () => {
    statusAnswers(status({ status: 'cancelada', paymentStatus: 'declined' }));
    renderRoute('/success?booking=b-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByText('Nothing has been booked and nothing has been charged.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to booking' })).toHaveAttribute('href', `/${KNOWN_KEY}`);
  });

  it('treats a return with cancelled=1 as not paid while the booking is pending', async () => {
    statusAnswers(status());
    renderRoute('/success?booking=b-1&cancelled=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeInTheDocument();
  });

  it("shows the booking's language when neither the visitor nor the browser names one of the seven", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    statusAnswers(status({ status: 'pagada', paymentStatus: 'approved', culture: 'da-DK' }));
    renderRoute('/success?booking=b-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking bekræftet' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('works without a known company, with the plain header', async () => {
    sessionStorage.clear();
    statusAnswers(status({ status: 'pagada', paymentStatus: 'approved' }));
    renderRoute('/success?booking=b-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Circuito Norte' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Total: .?€45\.00/)).not.toBeInTheDocument();
  });

  it('says when the booking does not exist', async () => {
    server.use(
      http.get('/api/booking/status/:id', () =>
        HttpResponse.json({ code: 'not_found', message: 'Not found.' }, { status: 404 }),
      ),
    );
    renderRoute('/success?booking=nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this booking' })).toBeInTheDocument();
  });

  it("shows 'Page not found' without a booking in the address", async () => {
    renderRoute('/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers to check again after a minute of waiting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer = status();
      let calls = 0;
      server.use(
        http.get('/api/booking/status/:id', () => {
          calls += 1;
          return HttpResponse.json(answer);
        }),
      );
      renderRoute('/success?booking=b-1');
      await screen.findByRole('heading', { level: 1, name: 'We are confirming your payment' });
      await vi.advanceTimersByTimeAsync(61_000);
      const check = await screen.findByRole('button', { name: 'Check again' });
      expect(screen.getByRole('heading', { level: 1, name: 'Your payment is still being processed' })).toBeInTheDocument();
      expect(calls).toBeGreaterThanOrEqual(25); // about 30 polls in the minute
      const asked = calls;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(calls).toBe(asked); // no more polling once the window closed
      answer = status({ status: 'pagada', paymentStatus: 'approved' });
      await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(check);
      expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
