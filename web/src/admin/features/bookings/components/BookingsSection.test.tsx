import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BookingsQuery, BookingsSearch } from '@/admin/features/bookings/api/bookings';
import { BookingsSection } from '@/admin/features/bookings/components/BookingsSection';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';
import { FILTER_STORAGE_KEY } from '@/admin/features/bookings/hooks/use-filter-type';
import { adminCompany, bookingRow, bookingRows } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { addDays, todayIn } from '@/admin/lib/dates';
import { adminFormat } from '@/admin/lib/format';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';
import { AdminProviders } from '@/admin/app/providers';
import { MemoryRouter } from 'react-router';

const company = adminCompany({ maxDaysBooking: 45 });
/** A day as the date fields show it in English (the back office formatter's). */
const shown = (day: string) => adminFormat('en', company).day(day);

/** Answers the bookings query with the given rows and records every query sent. */
function bookingsApi(rows: ReturnType<typeof bookingRow>[], sent: (BookingsQuery | BookingsSearch)[] = []) {
  return http.post('/api/admin/retrieve-bookings', async ({ request }) => {
    sent.push((await request.json()) as BookingsQuery);
    return HttpResponse.json(bookingRows(rows));
  });
}

describe('BookingsSection', () => {
  it("loads today to today + maxDaysBooking by session date at once and shows the rows, their states and the totals", async () => {
    const sent: BookingsQuery[] = [];
    server.use(
      bookingsApi(
        [bookingRow(1), bookingRow(2, { state: 'cancelada', cancellable: false, numParticipants: 5 }), bookingRow(3, { state: 'parcialmentepagada', numParticipants: 3 })],
        sent,
      ),
    );
    renderAdmin(<BookingsSection company={company} />);
    const grid = await screen.findByRole('table');
    expect(await within(grid).findByText('Customer 1')).toBeInTheDocument();
    const today = todayIn(company.timeZone);
    // maxDaysBooking 45: 45 days ahead would be 46 counted, so the range is today + 44, the longest allowed.
    expect(sent[0]).toEqual({ idCompany: 1, dateIni: today, dateEnd: addDays(today, 44), filterType: 'fechaReserva' });
    expect(screen.getByLabelText('Start date')).toHaveValue(shown(today));
    expect(screen.getByLabelText('End date')).toHaveValue(shown(addDays(today, 44)));
    expect(within(grid).getByText('Cancelled')).toBeInTheDocument();
    expect(within(grid).getByText('Partially paid')).toBeInTheDocument();
    expect(within(grid).getAllByText('20 Nov 2026, 18:15')).toHaveLength(3); // session dates
    expect(within(grid).getAllByText('2 Nov 2026, 10:30')).toHaveLength(3); // created, in Madrid time
    expect(within(grid).getAllByText('€44.00')).toHaveLength(3);
    // Totals from the answer: sessions and drivers of the rows not cancelled.
    expect(screen.getByText('Sessions: 2')).toBeInTheDocument();
    expect(screen.getByText('Drivers: 5')).toBeInTheDocument();
    // Cancel only where the server says it may be cancelled.
    expect(within(grid).getByRole('button', { name: 'Cancel booking B-1' })).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'Cancel booking B-2' })).not.toBeInTheDocument();
  });

  it('writes dates and states in Spanish the Spanish way', async () => {
    server.use(bookingsApi([bookingRow(1)]));
    await i18n.changeLanguage('es');
    renderAdmin(<BookingsSection company={company} />);
    const grid = await screen.findByRole('table');
    expect(await within(grid).findByText('20 nov 2026, 18:15')).toBeInTheDocument();
    expect(within(grid).getByText('Pagada')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Fecha de la sesión' })).toBeInTheDocument();
  });

  it('rewrites the grid dates when the language changes in place', async () => {
    server.use(bookingsApi([bookingRow(1)]));
    await i18n.changeLanguage('en');
    renderAdmin(<BookingsSection company={company} />);
    const grid = await screen.findByRole('table');
    expect(await within(grid).findByText('20 Nov 2026, 18:15')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    // The rows were not read again: the texts follow the language all the same.
    expect(await within(grid).findByText('20 nov 2026, 18:15')).toBeInTheDocument();
    expect(within(grid).queryByText('20 Nov 2026, 18:15')).not.toBeInTheDocument();
  });

  it('remembers the filter across visits and sends it with the query', async () => {
    const sent: BookingsQuery[] = [];
    server.use(bookingsApi([bookingRow(1)], sent));
    const first = renderAdmin(<BookingsSection company={company} />);
    await screen.findByText('Customer 1');
    await userEvent.click(screen.getByRole('radio', { name: 'Sale date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent.at(-1)?.filterType).toBe('fechaVenta'));
    expect(localStorage.getItem(FILTER_STORAGE_KEY)).toBe('fechaVenta');
    first.unmount();

    sent.length = 0;
    renderAdmin(<BookingsSection company={company} />);
    expect(await screen.findByRole('radio', { name: 'Sale date' })).toBeChecked();
    await waitFor(() => expect(sent[0]?.filterType).toBe('fechaVenta'));
  });

  it('keeps only the visible rows of ten thousand in the page', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => bookingRow(i + 1));
    server.use(bookingsApi(rows));
    renderAdmin(<BookingsSection company={company} />);
    const grid = await screen.findByRole('table');
    await within(grid).findByText('Customer 1');
    const rendered = within(grid).getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(10); // the header and the rows in view
    expect(rendered.length).toBeLessThan(100);
    expect(grid).toHaveAttribute('aria-rowcount', '10001');
    expect(within(grid).queryByText('Customer 10000')).not.toBeInTheDocument();
    expect(screen.getByText('Drivers: 20000')).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the range", async () => {
    server.use(
      http.post('/api/admin/retrieve-bookings', () =>
        HttpResponse.json(
          { code: 'unprocessable', message: 'The range is longer than 45 days.', fields: { dateEnd: 'too long' } },
          { status: 422 },
        ),
      ),
    );
    renderAdmin(<BookingsSection company={company} />);
    expect(await screen.findByText('The range is longer than 45 days.')).toBeInTheDocument();
  });

  it('links the exports to the current query in the page language', async () => {
    server.use(bookingsApi([bookingRow(1)]));
    renderAdmin(<BookingsSection company={company} />);
    await screen.findByText('Customer 1');
    const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '', 'http://x');
    expect(csv.pathname).toBe('/api/admin/export-bookings');
    expect(Object.fromEntries(csv.searchParams)).toMatchObject({ idCompany: '1', filterType: 'fechaReserva', format: 'csv', lang: 'en' });
    expect(screen.getByRole('link', { name: 'Export XLSX' }).getAttribute('href')).toContain('format=xlsx');
  });

  it('gives the counter (DESK) the list, the search and the details, but neither the exports nor cancelling', async () => {
    server.use(bookingsApi([bookingRow(1, { cancellable: true })]));
    renderAdmin(<BookingsSection company={adminCompany({ maxDaysBooking: 45, role: 'DESK' })} />);
    await screen.findByText('Customer 1');
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export XLSX' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancel booking/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Details of booking/ })).toBeInTheDocument();
  });

  it('cancels from the grid with the same dialog as the details: the money first, then one call, then a reload', async () => {
    let cancelled = false;
    let loads = 0;
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/retrieve-bookings', () => {
        loads += 1;
        return HttpResponse.json(bookingRows([bookingRow(1, cancelled ? { state: 'cancelada', cancellable: false } : {})]));
      }),
      http.get('/api/booking/master-data/:id', ({ params }) => {
        expect(params.id).toBe('1');
        return HttpResponse.json(
          masterData({
            id: 1,
            state: 'pagada',
            due: 0,
            paid: 66,
            refundable: 66,
            payments: [{ id: 5, provider: 'simulated', status: 'approved', amount: 66, createdAt: '2026-11-02T09:31:00Z', holds: 66 }],
          }),
        );
      }),
      http.post('/api/admin/cancel-booking', async ({ request }) => {
        bodies.push(await request.json());
        cancelled = true;
        return HttpResponse.json({ data: { id: 1, state: 'cancelada', refunded: 66, owed: 0 } });
      }),
    );
    renderAdmin(<BookingsSection company={company} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking B-1' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking · / });
    expect(bodies).toHaveLength(0); // asks first, saying what happens to the money
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Refund .*€66\.00.* to the card/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText(/Booking cancelled\. Refunded .*€66\.00/)).toBeInTheDocument();
    expect(bodies).toEqual([{ idCompany: 1, bookingId: 1, money: 'refund' }]);
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('keeps a cancel dialog opened from the grid open when the company is read again (a live update)', async () => {
    server.use(
      bookingsApi([bookingRow(1)]),
      http.get('/api/booking/master-data/:id', () =>
        HttpResponse.json(masterData({ id: 1, state: 'pagada', due: 0, paid: 66, refundable: 66, payments: [] })),
      ),
    );
    const view = renderAdmin(<BookingsSection company={company} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking B-1' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking · / });
    // The same company as a new object, as a refetch of the staff's companies gives it.
    view.rerender(
      <AdminProviders queryClient={view.queryClient} env="test">
        <MemoryRouter>
          <BookingsSection company={{ ...company }} />
        </MemoryRouter>
      </AdminProviders>,
    );
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: /^Cancel booking · / })).toBe(dialog);
  });

  it("shows the server's reason when a booking cannot be cancelled", async () => {
    server.use(
      bookingsApi([bookingRow(1)]),
      http.get('/api/booking/master-data/:id', () => HttpResponse.json(masterData({ id: 1 }))),
      http.post('/api/admin/cancel-booking', () =>
        HttpResponse.json({ code: 'conflict', message: 'The booking is already cancelled.' }, { status: 409 }),
      ),
    );
    renderAdmin(<BookingsSection company={company} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking B-1' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking · / });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The booking is already cancelled.');
  });

  it("opens a booking's details: contact, products with sessions, drivers, payments and refunds", async () => {
    server.use(
      bookingsApi([bookingRow(7)]),
      http.get('/api/booking/master-data/:id', ({ params }) => {
        expect(params.id).toBe('7');
        return HttpResponse.json({
          id: 7,
          identifier: 'B-7',
          state: 'parcialmentepagada',
          source: 'BOOKING',
          createdAt: '2026-11-02T09:30:00Z',
          cancelledAt: null,
          culture: 'es-ES',
          paymentMode: 'online',
          contact: { name: 'Lucía', surname: 'Gómez', phone: '+34611111111', email: 'lucia@example.test', birthDate: null, memberId: null },
          lines: [
            { id: 1, name: 'Grand Prix 10 min', type: 'BOOKING', quantity: 2, numDrivers: 2, unitPrice: 22, total: 44, sessions: [{ date: '2026-11-20', time: '18:15', track: 'Pista Norte' }] },
          ],
          drivers: [{ name: 'Pablo', email: null, underage: true }],
          payments: [{ provider: 'simulated', status: 'paid', amount: 44, createdAt: '2026-11-02T09:31:00Z' }],
          refunds: [{ amount: 10, at: '2026-11-03T10:00:00Z', by: 'ana@norte.test' }],
          total: 44,
          originalTotal: 44,
          discount: 0,
          refundable: 34,
          cancellable: true,
          cancelReason: null,
        });
      }),
    );
    renderAdmin(<BookingsSection company={company} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Details of booking B-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking B-7' });
    expect(await within(dialog).findByText('Lucía Gómez')).toBeInTheDocument();
    expect(within(dialog).getByText('Grand Prix 10 min')).toBeInTheDocument();
    expect(within(dialog).getByText('20 Nov 2026, 18:15')).toBeInTheDocument();
    expect(within(dialog).getByText('Pista Norte')).toBeInTheDocument();
    // The name is isolated (a Latin name in an Arabic line): the line is read as a whole.
    expect(within(dialog).getByText((_, el) => el?.tagName === 'LI' && el.textContent === 'Pablo (under 18)')).toBeInTheDocument();
    expect(within(dialog).getByText('Test card (demo)')).toBeInTheDocument();
    expect(within(dialog).getByText('ana@norte.test')).toBeInTheDocument();
    expect(within(dialog).getByText('€34.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the range within the longest the query allows', async () => {
    server.use(bookingsApi([bookingRow(1)]));
    renderAdmin(<BookingsSection company={adminCompany({ maxDaysBooking: 10 })} />);
    await screen.findByText('Customer 1');
    const end = screen.getByLabelText('End date');
    const start = screen.getByLabelText('Start date');
    const today = todayIn(company.timeZone);
    // maxDaysBooking is 10, but the query always allows 31 days: a new start pulls the end to start + 30 days,
    // and a later end typed by hand is refused.
    const year = today.slice(0, 4);
    fireEvent.change(start, { target: { value: `${year}-01-01` } });
    fireEvent.blur(start);
    expect(end).toHaveValue(shown(`${year}-01-31`));
    fireEvent.change(end, { target: { value: `${year}-03-01` } });
    fireEvent.blur(end);
    expect(end).toHaveValue(shown(`${year}-01-31`));
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });
  it('opens on today up to a short maxDaysBooking', async () => {
    const sent: BookingsQuery[] = [];
    server.use(bookingsApi([bookingRow(1)], sent));
    renderAdmin(<BookingsSection company={adminCompany({ maxDaysBooking: 7 })} />);
    await screen.findByText('Customer 1');
    const today = todayIn(company.timeZone);
    expect(sent[0]).toMatchObject({ dateIni: today, dateEnd: addDays(today, 7) });
  });

  it('shows the reference first, names the actions and the details by it, and the identifier only small in the details', async () => {
    server.use(
      bookingsApi([bookingRow(7, { reference: 'KXR7-PM42' }), bookingRow(8, { reference: '' })]),
      http.get('/api/booking/master-data/:id', () =>
        HttpResponse.json({
          id: 7,
          identifier: 'f3a9c2d1e4b5a6978812345678901234',
          reference: 'KXR7-PM42',
          state: 'pagada',
          source: 'BOOKING',
          createdAt: '2026-11-02T09:30:00Z',
          cancelledAt: null,
          culture: 'es-ES',
          paymentMode: 'online',
          contact: { name: 'Lucía', surname: null, phone: '+34611111111', email: 'lucia@example.test', birthDate: null, memberId: null },
          lines: [],
          drivers: [],
          payments: [],
          refunds: [],
          total: 44,
          originalTotal: 44,
          discount: 0,
          refundable: 0,
          cancellable: true,
          cancelReason: null,
        }),
      ),
    );
    renderAdmin(<BookingsSection company={company} />);
    const grid = await screen.findByRole('table');
    await within(grid).findByText('KXR7-PM42');
    expect(within(grid).getAllByRole('columnheader')[0]).toHaveTextContent('Reference');
    const [, first, second] = within(grid).getAllByRole('row');
    expect(within(first).getAllByRole('cell')[0]).toHaveTextContent('KXR7-PM42');
    // A booking without a reference: an em dash, never the 32-character identifier.
    expect(within(second).getAllByRole('cell')[0]).toHaveTextContent('—');
    expect(within(grid).queryByText('B-7')).not.toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Cancel booking KXR7-PM42' })).toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('button', { name: 'Details of booking KXR7-PM42' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking KXR7-PM42' });
    expect(await within(dialog).findByTestId('booking-identifier')).toHaveTextContent('f3a9c2d1e4b5a6978812345678901234');
  });

  it('searches all dates from one debounced box, and goes back to the range when cleared', async () => {
    const sent: (BookingsQuery | BookingsSearch)[] = [];
    server.use(
      http.post('/api/admin/retrieve-bookings', async ({ request }) => {
        const body = (await request.json()) as BookingsQuery | BookingsSearch;
        sent.push(body);
        if ('search' in body) {
          return HttpResponse.json(bookingRows([bookingRow(9, { reference: 'KXR7-PM42', contactName: 'Found Customer', bookingDate: '2025-03-02 18:00' })]));
        }
        return HttpResponse.json(bookingRows([bookingRow(1)]));
      }),
    );
    renderAdmin(<BookingsSection company={company} />);
    await screen.findByText('Customer 1');
    const box = screen.getByRole('searchbox', { name: 'Find a booking' });

    // One character is not sent: the box says why.
    await userEvent.type(box, 'k');
    expect(await screen.findByText('Type at least 2 characters.')).toBeInTheDocument();

    await userEvent.type(box, 'xr7pm42');
    expect(await screen.findByText('Found Customer')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAccessibleName('Bookings found for “kxr7pm42”');
    const searches = sent.filter((q) => 'search' in q);
    // Debounced: the whole word once, no query per key; no dates, so the server searches all of them.
    expect(searches).toEqual([{ idCompany: 1, search: 'kxr7pm42', filterType: 'fechaReserva' }]);
    expect(searches[0]).not.toHaveProperty('dateIni');
    expect(screen.queryByText('Customer 1')).not.toBeInTheDocument();
    expect(screen.getByText('The export covers the date range, not the search.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByText('Customer 1')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAccessibleName(/^Bookings from /);
    expect(box).toHaveValue('');
  });

  it('says when a search matched more than it shows, and when it found nothing', async () => {
    server.use(
      http.post('/api/admin/retrieve-bookings', async ({ request }) => {
        const body = (await request.json()) as BookingsQuery | BookingsSearch;
        if (!('search' in body)) return HttpResponse.json(bookingRows([bookingRow(1)]));
        if (body.search === 'nobody') return HttpResponse.json(bookingRows([]));
        const answer = bookingRows([bookingRow(2, { contactName: 'Zed 2' }), bookingRow(3, { contactName: 'Zed 3' })]);
        return HttpResponse.json({ ...answer, totals: { ...answer.totals, truncated: true } });
      }),
    );
    renderAdmin(<BookingsSection company={company} />);
    await screen.findByText('Customer 1');
    const box = screen.getByRole('searchbox', { name: 'Find a booking' });
    await userEvent.type(box, 'zed');
    expect(await screen.findByText('Showing the latest 2 matches; type more to narrow the search.')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'nobody');
    expect(await screen.findByText('No booking found.')).toBeInTheDocument();
  });
  it('isolates the phone, e-mail and reference of each row left to right in Arabic, and its dates in their own direction', async () => {
    server.use(bookingsApi([bookingRow(1, { phone: '+34 615 989 202' })]));
    await i18n.changeLanguage('ar');
    renderAdmin(<BookingsSection company={company} />);
    const grid = await screen.findByRole('table');
    const phone = await within(grid).findByText('+34 615 989 202');
    expect(phone.closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(grid).getByText('c1@example.test').closest('bdi')).toHaveAttribute('dir', 'ltr');
    const row = phone.closest('[role="row"]') as HTMLElement;
    const isolated = [...row.querySelectorAll('bdi[dir="ltr"]')].map((b) => b.textContent ?? '');
    // Reference, phone, e-mail: three left-to-right runs.
    expect(isolated).toHaveLength(3);
    // The created and session dates (an Arabic month's name): each one isolated run, with no forced direction,
    // so they read from the right as Arabic writes them (the order itself is read in a browser:
    // e2e/tests/admin-grid-desktop.spec.ts).
    const dates = [...row.querySelectorAll('bdi')].filter((b) => /\d{2}:\d{2}$/.test(b.textContent ?? ''));
    expect(dates).toHaveLength(2);
    for (const date of dates) expect(date).not.toHaveAttribute('dir');
    // The customer's Latin name isolated too (its own direction).
    expect(within(row).getByText('Customer 1').tagName).toBe('BDI');
  });
});
