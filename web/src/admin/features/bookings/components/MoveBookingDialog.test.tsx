import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

const session = { date: '2026-12-01', time: '18:00', startsAt: '2026-12-01T17:00:00Z', circuit: 'Main', track: 'Main' };

function withSession(overrides: Record<string, unknown> = {}) {
  const data = masterData(overrides);
  const lines = (data.lines as Array<Record<string, unknown>>).map((l) => ({ ...l, sessions: [session] }));
  return { ...data, lines };
}

function api(data: Record<string, unknown>, answer: () => Response) {
  const moves: unknown[] = [];
  const days: string[] = [];
  server.use(
    http.get('/api/booking/master-data/:id', () => HttpResponse.json(data)),
    http.get('/api/admin/move-choices', ({ request }) => {
      days.push(new URL(request.url).searchParams.get('date') ?? '');
      return HttpResponse.json({
        data: {
          current: ['2026-12-01 18:00:00'],
          numDrivers: 3,
          kind: 'PRODUCT',
          timeZone: 'Europe/Madrid',
          slots: [
            { startTime: '17:00:00', usersAvailable: 0, maxParticipants: 12, idProduct: 1, price: 29, available: false, reason: 'full' },
            { startTime: '18:00:00', usersAvailable: 9, maxParticipants: 12, idProduct: 1, price: 29, available: true },
            { startTime: '19:00:00', usersAvailable: 2, maxParticipants: 12, idProduct: 1, price: 29, available: true },
            { startTime: '20:00:00', usersAvailable: 5, maxParticipants: 12, idProduct: 1, price: 29, available: true },
          ],
        },
      });
    }),
    http.post('/api/admin/move-booking', async ({ request }) => {
      moves.push(await request.json());
      return answer();
    }),
  );
  return { moves, days };
}

async function openMove() {
  const user = userEvent.setup();
  renderAdmin(
    <BookingDetailsDialog company={adminCompany({ role: 'DESK' })} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
  );
  const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
  await user.click(await within(details).findByRole('button', { name: 'Move' }));
  const dialog = await screen.findByRole('dialog', { name: /^Move booking · .*UE9B-KTGR/ });
  return { user, dialog };
}

describe('MoveBookingDialog', { timeout: 30_000 }, () => {
  it("offers the day's sessions with their free places and moves the booking for the counter (DESK)", async () => {
    const { moves, days } = api(withSession(), () =>
      HttpResponse.json({ data: { id: 9, sessions: ['2026-12-01 20:00:00'], sequence: 1, mailed: true } }),
    );
    const { user, dialog } = await openMove();
    expect(await within(dialog).findByRole('radio', { name: /20:00 · free places: 5/ })).toBeEnabled();
    expect(days[0]).toBe('2026-12-01');
    // Its own session, a full one and one with fewer free places than the booking's drivers cannot be chosen.
    expect(within(dialog).getByRole('radio', { name: /18:00 · its session now/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /17:00 · full/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /19:00 · only 2 free places/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /20:00/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(/Booking moved to .*20:00.*The customer was e-mailed/)).toBeInTheDocument();
    expect(moves).toEqual([{ idCompany: 1, bookingId: 9, date: '2026-12-01', startTime: '20:00:00' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Move booking/ })).not.toBeInTheDocument());
  });

  it("shows the server's refusal (the session filled meanwhile) and stays open", async () => {
    api(withSession(), () =>
      HttpResponse.json(
        { code: 'conflict', message: 'The session at 2026-12-01 20:00 has not enough free places for this booking.' },
        { status: 409 },
      ),
    );
    const { user, dialog } = await openMove();
    await user.click(await within(dialog).findByRole('radio', { name: /20:00/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('not enough free places');
  });

  it('is not offered on a cancelled booking or one without a session', async () => {
    api(withSession({ state: 'cancelada', cancellable: false }), () => HttpResponse.json({}));
    renderAdmin(
      <BookingDetailsDialog company={adminCompany({ role: 'DESK' })} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
    );
    const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    await within(details).findByText('Walk In');
    expect(within(details).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
  });
});
