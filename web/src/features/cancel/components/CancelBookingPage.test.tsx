import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

// Pages come in lazy chunks and wait for requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const TOKEN = 'c4ncel-t0ken';

function cancelAnswers(...answers: Array<() => Response>) {
  const calls: string[] = [];
  server.use(
    http.get('/api/booking/cancelBooking/:token', ({ params }) => {
      calls.push(String(params.token));
      return (answers[calls.length - 1] ?? answers[answers.length - 1])();
    }),
  );
  return calls;
}

const error = (status: number, code: string, message: string) => () =>
  HttpResponse.json({ code, message }, { status });

describe('cancel booking page', { timeout: 20_000 }, () => {
  it('cancels the booking of the link once and confirms it', async () => {
    const calls = cancelAnswers(() => HttpResponse.json({ cancelled: true, identifier: 'b-1' }));
    renderRoute(`/cancelBooking/${TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your booking is cancelled' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('We have sent you an e-mail confirming the cancellation.')).toBeInTheDocument();
    expect(calls).toEqual([TOKEN]);
  });

  it("says when the booking was already cancelled (409)", async () => {
    cancelAnswers(error(409, 'conflict', 'The booking is already cancelled.'));
    renderRoute(`/cancelBooking/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This booking was already cancelled' })).toBeInTheDocument();
  });

  it("shows the error page with the server's reason when it is too late (422)", async () => {
    cancelAnswers(error(422, 'unprocessable', 'Bookings can be cancelled online up to 2 days before the session.'));
    renderRoute(`/cancelBooking/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This booking can no longer be cancelled online' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('server-message')).toHaveTextContent('up to 2 days before the session');
  });

  it('shows the error page for an unknown link (404), in the chosen language', async () => {
    cancelAnswers(error(404, 'not_found', 'No booking with that cancellation link.'));
    renderRoute(`/cancelBooking/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'This cancellation link is not valid' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es-ES');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este enlace de cancelación no es válido' }),
    ).toBeInTheDocument();
  });

  it('shows the service-unavailable page on a server failure, and cancels on retry', async () => {
    const calls = cancelAnswers(error(503, 'unavailable', 'Try later.'), () =>
      HttpResponse.json({ cancelled: true, identifier: 'b-1' }),
    );
    renderRoute(`/cancelBooking/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Service temporarily unavailable' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is cancelled' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('does not call the server for a token longer than any real one', async () => {
    const calls = cancelAnswers(() => HttpResponse.json({ cancelled: true, identifier: 'b-1' }));
    renderRoute(`/cancelBooking/${'x'.repeat(65)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This cancellation link is not valid' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
