import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TodayView } from '@/admin/features/bookings/api/today';
import { TodaySection } from '@/admin/features/bookings/components/TodaySection';
import { addDays, todayIn } from '@/admin/lib/dates';
import { adminCompany, bookingRow, bookingRows } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { deskLiveSocket, server } from '@/test/server';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';

/** A day with a session at 10:00 (Ana, 3 drivers, 57.00 due; Ben, 2, paid) and an event at 18:00. */
function day(date: string, arrived: number[] = []): TodayView {
  const booking = (id: number, reference: string, name: string, drivers: number, due: number, state: 'pending' | 'pagada') => ({
    id,
    identifier: `PL-TOKEN-${id}`,
    reference,
    name,
    phone: '+34 600 000 00' + String(id),
    email: `${name.toLowerCase()}@example.com`,
    drivers,
    total: 29 * drivers,
    paid: 29 * drivers - due,
    due,
    state,
    source: 'BOOKING',
    paymentMode: 'circuit' as const,
    arrived: arrived.includes(id),
    arrivedAt: arrived.includes(id) ? '2026-03-15T09:55:00Z' : null,
    arrivedBy: arrived.includes(id) ? 'desk@norte.example' : null,
  });
  const ana = booking(1, 'UE9B-KTGR', 'Ana', 3, 57, 'pending');
  const ben = booking(2, 'BN2X-7QWE', 'Ben', 2, 0, 'pagada');
  const dee = booking(3, 'DE3Z-8RTY', 'Dee', 1, 0, 'pagada');
  const count = (list: (typeof ana)[]) => ({
    expectedDrivers: list.reduce((n, b) => n + b.drivers, 0),
    arrivedDrivers: list.filter((b) => b.arrived).reduce((n, b) => n + b.drivers, 0),
  });
  const sessions = [
    { kind: 'session' as const, circuitId: 4, name: 'Norte', products: ['Adult 10 min'], startsAt: '2026-03-15T09:00:00Z',
      localTime: '10:00', capacity: 12, booked: 5, ...count([ana, ben]), bookings: [ana, ben] },
    { kind: 'event' as const, circuitId: null, name: 'Night race', products: ['Night race'], startsAt: '2026-03-15T17:00:00Z',
      localTime: '18:00', capacity: 0, booked: 0, ...count([dee]), bookings: [dee] },
  ];
  return { date, timeZone: 'Europe/Madrid', ...count([ana, ben, dee]), sessions };
}

/** The day's calls: GET today (recorded by date), check-in and its undoing (recorded), the search. */
function api() {
  const state = { dates: [] as string[], arrived: [] as number[], marks: [] as { path: string; key: string | null; body: unknown }[], searches: [] as unknown[] };
  server.use(
    http.get('/api/admin/today', ({ request }) => {
      const date = new URL(request.url).searchParams.get('date') ?? '';
      state.dates.push(date);
      return HttpResponse.json(day(date, state.arrived));
    }),
    http.post('/api/admin/check-in', async ({ request }) => {
      const body = (await request.json()) as { bookingId: number };
      state.marks.push({ path: 'check-in', key: request.headers.get('Idempotency-Key'), body });
      state.arrived.push(body.bookingId);
      return HttpResponse.json({ data: { bookingId: body.bookingId, identifier: 'PL', reference: 'UE9B-KTGR', state: 'pending', arrived: true,
        arrivedAt: '2026-03-15T09:55:00Z', arrivedBy: 'desk@norte.example', alreadyArrived: false, replayed: false, paid: 30, due: 57 } });
    }),
    http.post('/api/admin/undo-check-in', async ({ request }) => {
      const body = (await request.json()) as { bookingId: number };
      state.marks.push({ path: 'undo-check-in', key: request.headers.get('Idempotency-Key'), body });
      state.arrived = state.arrived.filter((id) => id !== body.bookingId);
      return HttpResponse.json({ data: { bookingId: body.bookingId, identifier: 'PL', reference: 'UE9B-KTGR', state: 'pending', arrived: false,
        arrivedAt: null, arrivedBy: null, alreadyArrived: true, replayed: false, paid: 30, due: 57 } });
    }),
    http.post('/api/admin/retrieve-bookings', async ({ request }) => {
      state.searches.push(await request.json());
      return HttpResponse.json(bookingRows([bookingRow(1, { reference: 'UE9B-KTGR', contactName: 'Ana', bookingIdentifier: 'PL-TOKEN-1' })]));
    }),
    http.get('/api/booking/master-data/:id', () => HttpResponse.json(masterData())),
  );
  return state;
}

describe('TodaySection', { timeout: 30_000 }, () => {
  it("shows the day's sessions in time order with their bookings and drivers arrived of expected", async () => {
    const calls = api();
    renderAdmin(<TodaySection company={adminCompany()} />);
    const today = todayIn('Europe/Madrid');
    const ten = await screen.findByRole('region', { name: /10:00 · Norte/ });
    expect(within(ten).getByText('0 of 5 arrived')).toBeInTheDocument();
    expect(within(ten).getByText('UE9B-KTGR').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(ten).getByText('+34 600 000 001').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(ten).getByText('Drivers: 3')).toBeInTheDocument();
    expect(within(ten).getByText('To pay \u2068€57.00\u2069')).toBeInTheDocument();
    expect(within(ten).getByText('Paid \u2068€58.00\u2069')).toBeInTheDocument();
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby') ?? '');
    expect(regions.filter((id) => id.startsWith('session-'))).toHaveLength(2);
    expect(screen.getByRole('region', { name: /18:00 · Night race/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 6 drivers arrived');
    expect(calls.dates).toEqual([today]);
  });

  it('marks a booking arrived with a key, and the counts move; the switch undoes it', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderAdmin(<TodaySection company={adminCompany()} />);
    const ten = await screen.findByRole('region', { name: /10:00 · Norte/ });
    const ana = within(ten).getByRole('switch', { name: 'Arrived: UE9B-KTGR, Ana' });
    expect(ana).not.toBeChecked();
    await user.click(ana);
    await waitFor(() => expect(within(ten).getByText('3 of 5 arrived')).toBeInTheDocument());
    expect(ana).toBeChecked();
    expect(calls.marks).toEqual([{ path: 'check-in', key: expect.stringMatching(/^arrival-/) as string, body: { idCompany: 1, bookingId: 1 } }]);
    expect(screen.getByRole('status')).toHaveTextContent('3 of 6 drivers arrived');
    await user.click(ana);
    await waitFor(() => expect(within(ten).getByText('0 of 5 arrived')).toBeInTheDocument());
    expect(calls.marks.map((m) => m.path)).toEqual(['check-in', 'undo-check-in']);
  });

  it('steps through the days and back to today, or to a chosen date', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderAdmin(<TodaySection company={adminCompany()} />);
    const today = todayIn('Europe/Madrid');
    await screen.findByRole('region', { name: /10:00 · Norte/ });
    const stepper = screen.getByRole('navigation', { name: 'Day' });
    await user.click(within(stepper).getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(calls.dates).toContain(addDays(today, 1)));
    await user.click(within(stepper).getByRole('button', { name: 'Previous day' }));
    await user.click(within(stepper).getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(calls.dates).toContain(addDays(today, -1)));
    await user.click(within(stepper).getByRole('button', { name: 'Today' }));
    expect(within(stepper).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    const date = within(stepper).getByLabelText('Date');
    // jsdom's date input takes only a whole date: the browser's picker gives one.
    fireEvent.change(date, { target: { value: '2026-04-02' } });
    await waitFor(() => expect(calls.dates).toContain('2026-04-02'));
  });

  it('finds a booking by its reference typed without the dash and opens its details', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderAdmin(<TodaySection company={adminCompany()} />);
    await screen.findByRole('region', { name: /10:00 · Norte/ });
    await user.type(screen.getByRole('searchbox', { name: 'Find a booking' }), 'ue9bktgr');
    const found = await screen.findByRole('region', { name: 'Bookings found for “ue9bktgr”' });
    expect(calls.searches).toEqual([{ idCompany: 1, search: 'ue9bktgr', filterType: 'fechaReserva' }]);
    await user.click(within(found).getByRole('button', { name: 'Details of booking UE9B-KTGR' }));
    expect(await screen.findByRole('dialog', { name: /Booking .*UE9B-KTGR/ })).toBeInTheDocument();
  });

  it('reads the day again when the live socket says something changed', async () => {
    const calls = api();
    let send: ((data: string) => void) | undefined;
    server.use(deskLiveSocket.addEventListener('connection', ({ client }) => (send = (d) => client.send(d))));
    renderAdmin(<TodaySection company={adminCompany()} />);
    await screen.findByRole('region', { name: /10:00 · Norte/ });
    await waitFor(() => expect(send).toBeDefined());
    expect(calls.dates).toHaveLength(1);
    calls.arrived.push(2); // Ben checked in at another counter
    send?.(JSON.stringify({ type: 'changed' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: /10:00 · Norte/ })).getByText('2 of 5 arrived')).toBeInTheDocument());
    expect(calls.dates).toHaveLength(2);
  });
});

describe('a session\'s waiting list', { timeout: 30_000 }, () => {
  it('lists the entries in join order, removes one and offers free places by hand', async () => {
    api();
    const entry = (id: number, position: number, name: string, numDrivers: number, state: 'waiting' | 'offered' | 'left', offeredUntil: string | null) => ({
      id, position, name, email: `${name.toLowerCase()}@example.com`, phone: '+34 600 111 22' + String(id), numDrivers, state, offeredUntil,
      offers: offeredUntil ? 1 : 0, joinedAt: '2026-03-14T10:00:00Z',
    });
    let removed = false;
    const calls = { lists: [] as string[], removed: [] as string[], offers: [] as unknown[] };
    server.use(
      http.get('/api/admin/waitlist', ({ request }) => {
        calls.lists.push(new URL(request.url).search);
        return HttpResponse.json({ data: removed
          ? [entry(1, 1, 'Ana', 3, 'waiting', null), entry(2, 0, 'Ben', 1, 'left', null)]
          : [entry(1, 1, 'Ana', 3, 'waiting', null), entry(2, 2, 'Ben', 1, 'offered', '2026-03-15T09:30:00Z')] });
      }),
      http.delete('/api/admin/waitlist/:id', ({ params, request }) => {
        calls.removed.push(`${String(params.id)}${new URL(request.url).search}`);
        removed = true;
        return HttpResponse.json({ data: entry(2, 0, 'Ben', 1, 'left', null) });
      }),
      http.post('/api/admin/waitlist/offer', async ({ request }) => {
        calls.offers.push(await request.json());
        return HttpResponse.json({ data: [entry(1, 1, 'Ana', 3, 'offered', '2026-03-15T09:40:00Z'), entry(2, 0, 'Ben', 1, 'left', null)] });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<TodaySection company={adminCompany()} />);
    const ten = await screen.findByRole('region', { name: /10:00 · Norte/ });
    await user.click(within(ten).getByRole('button', { name: 'Waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waiting list · 10:00 · Norte' });
    expect(within(dialog).getByText(/a larger party higher up does not block a smaller one/)).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Entries in join order' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('1. Ana · Drivers: 3') as string,
      expect.stringContaining('2. Ben · Drivers: 1') as string,
    ]);
    expect(within(items[1]).getByText('Offered until 10:30')).toBeInTheDocument();
    expect(calls.lists[0]).toBe('?idCompany=1&circuitId=4&startsAt=2026-03-15T09%3A00%3A00Z');

    await user.click(within(items[1]).getByRole('button', { name: 'Remove Ben from the waiting list' }));
    await waitFor(() => expect(within(dialog).getByText('Left')).toBeInTheDocument());
    expect(calls.removed).toEqual(['2?idCompany=1']);

    await user.click(within(dialog).getByRole('button', { name: 'Offer free places now' }));
    await waitFor(() => expect(within(dialog).getByText('Offered until 10:40')).toBeInTheDocument());
    expect(calls.offers).toEqual([{ idCompany: 1, circuitId: 4, startsAt: '2026-03-15T09:00:00Z' }]);
  });
});
