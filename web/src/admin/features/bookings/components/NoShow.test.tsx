import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TodayView } from '@/admin/features/bookings/api/today';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';
import { TodaySection } from '@/admin/features/bookings/components/TodaySection';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

/** One session with Ana's booking; the session starts at `startsAt`. */
function day(date: string, startsAt: string, noShow: boolean): TodayView {
  const ana = {
    id: 1,
    identifier: 'PL-TOKEN-1',
    reference: 'UE9B-KTGR',
    name: 'Ana',
    phone: '+34600000001',
    email: 'ana@example.com',
    drivers: 2,
    total: 58,
    paid: 58,
    due: 0,
    state: 'pagada' as const,
    source: 'BOOKING',
    paymentMode: 'circuit' as const,
    arrived: false,
    arrivedAt: null,
    arrivedBy: null,
    noShow,
  };
  return {
    date,
    timeZone: 'Europe/Madrid',
    expectedDrivers: 2,
    arrivedDrivers: 0,
    sessions: [
      { kind: 'session', circuitId: 4, name: 'Norte', products: ['Adult 10 min'], startsAt, localTime: '10:00', capacity: 12, booked: 2,
        expectedDrivers: 2, arrivedDrivers: 0, bookings: [ana] },
    ],
  };
}

const arrival = (noShow: boolean) => ({
  data: { bookingId: 1, identifier: 'PL-TOKEN-1', reference: 'UE9B-KTGR', state: 'pagada', arrived: false, arrivedAt: null, arrivedBy: null,
    alreadyArrived: false, replayed: false, paid: 58, due: 0, noShow },
});

function api(startsAt: string) {
  const state = { noShow: false, calls: [] as string[] };
  server.use(
    http.get('/api/admin/today', ({ request }) => HttpResponse.json(day(new URL(request.url).searchParams.get('date') ?? '', startsAt, state.noShow))),
    http.post('/api/admin/mark-no-show', () => {
      state.calls.push('mark-no-show');
      state.noShow = true;
      return HttpResponse.json(arrival(true));
    }),
    http.post('/api/admin/undo-check-in', () => {
      state.calls.push('undo-check-in');
      state.noShow = false;
      return HttpResponse.json(arrival(false));
    }),
  );
  return state;
}

describe('No-show', { timeout: 30_000 }, () => {
  it('Today offers No-show once the session started, shows the mark, and undoes it', async () => {
    const state = api(new Date(Date.now() - 30 * 60_000).toISOString());
    const user = userEvent.setup();
    renderAdmin(<TodaySection company={adminCompany({ role: 'DESK' })} />);
    await user.click(await screen.findByRole('button', { name: 'No-show: UE9B-KTGR, Ana' }));
    await waitFor(() => expect(state.calls).toEqual(['mark-no-show']));
    expect(await screen.findByText('No-show', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo no-show: UE9B-KTGR, Ana' }));
    await waitFor(() => expect(state.calls).toEqual(['mark-no-show', 'undo-check-in']));
    expect(await screen.findByRole('button', { name: 'No-show: UE9B-KTGR, Ana' })).toBeInTheDocument();
  });

  it('Today does not offer No-show before the session starts', async () => {
    api(new Date(Date.now() + 2 * 3600_000).toISOString());
    renderAdmin(<TodaySection company={adminCompany({ role: 'DESK' })} />);
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'No-show: UE9B-KTGR, Ana' })).not.toBeInTheDocument();
  });

  it("the details show the counter's mark beside Mark arrived, and the server's refusal", async () => {
    let noShow = false;
    server.use(
      http.get('/api/booking/master-data/:id', () => HttpResponse.json(masterData({ noShow, arrived: false }))),
      http.post('/api/admin/mark-no-show', () =>
        HttpResponse.json({ code: 'unprocessable', message: 'The session has not started yet: the customer may still come.' }, { status: 422 }),
      ),
      http.post('/api/admin/undo-check-in', () => {
        noShow = false;
        return HttpResponse.json(arrival(false));
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderAdmin(
      <BookingDetailsDialog company={adminCompany({ role: 'DESK' })} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
    );
    const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    expect(await within(details).findByTestId('arrival-state')).toHaveTextContent('At the counter: Not arrived yet');
    expect(within(details).getByRole('button', { name: 'Mark arrived' })).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'No-show' }));
    expect(await screen.findByText('The session has not started yet: the customer may still come.')).toBeInTheDocument();
    unmount();

    noShow = true;
    renderAdmin(
      <BookingDetailsDialog company={adminCompany({ role: 'DESK' })} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
    );
    const again = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    expect(await within(again).findByTestId('arrival-state')).toHaveTextContent('At the counter: No-show');
    await user.click(within(again).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(again).getByTestId('arrival-state')).toHaveTextContent('Not arrived yet'));
  });
});
