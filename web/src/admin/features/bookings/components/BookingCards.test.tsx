import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BookingsSection } from '@/admin/features/bookings/components/BookingsSection';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';
import { adminCompany, bookingRow, bookingRows } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { screenWidth } from '@/admin/test/screen-width';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

const company = adminCompany({ maxDaysBooking: 45 });

function bookingsApi(rows: ReturnType<typeof bookingRow>[]) {
  return http.post('/api/admin/retrieve-bookings', () => HttpResponse.json(bookingRows(rows)));
}

describe('the bookings on a phone (390 px): one card per booking', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = screenWidth(390);
  });
  afterEach(() => restore());

  it("shows each booking's reference, customer, session date and time, drivers, price and status, and no grid", async () => {
    server.use(
      bookingsApi([
        bookingRow(1, { reference: 'ABCD-2345' }),
        bookingRow(2, { reference: 'EFGH-6789', state: 'cancelada', cancellable: false, numParticipants: 5, contactName: 'Rosa Vidal' }),
        bookingRow(3, { reference: 'JKLM-3456', bookingDate: undefined, state: 'parcialmentepagada', numParticipants: 3 }),
      ]),
    );
    renderAdmin(<BookingsSection company={company} />);
    const list = await screen.findByRole('list', { name: /^Bookings from / });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = await within(list).findAllByRole('listitem');
    expect(cards).toHaveLength(3);

    const [first, second, third] = cards;
    expect(within(first).getByText('ABCD-2345')).toHaveAttribute('dir', 'ltr');
    expect(within(first).getByText('Customer 1')).toBeInTheDocument();
    expect(within(first).getByText('20 Nov 2026, 18:15')).toBeInTheDocument();
    expect(within(first).getByText('Drivers').nextSibling).toHaveTextContent(/^2$/);
    expect(within(first).getByText('€44.00')).toBeInTheDocument();
    expect(within(first).getByText('Paid')).toBeInTheDocument();

    expect(within(second).getByText('Rosa Vidal')).toBeInTheDocument();
    expect(within(second).getByText('Cancelled')).toBeInTheDocument();
    expect(within(second).getByText('Drivers').nextSibling).toHaveTextContent(/^5$/);
    expect(within(third).getByText('No date')).toBeInTheDocument();
    expect(within(third).getByText('Partially paid')).toBeInTheDocument();

    // The grid's actions under the grid's names; cancel only where the server allows it.
    expect(within(first).getByRole('button', { name: 'Details of booking ABCD-2345' })).toHaveTextContent('Details');
    expect(within(first).getByRole('button', { name: 'Cancel booking ABCD-2345' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /^Cancel booking/ })).not.toBeInTheDocument();
    // The totals line stays.
    expect(screen.getByText('Drivers: 5')).toBeInTheDocument();
  });

  it('opens the details from a card', async () => {
    server.use(
      bookingsApi([bookingRow(1, { reference: 'ABCD-2345' })]),
      http.get('/api/booking/master-data/:id', () => HttpResponse.json(masterData({ id: 1, reference: 'ABCD-2345' }))),
    );
    renderAdmin(<BookingsSection company={company} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Details of booking ABCD-2345' }));
    expect(await screen.findByRole('dialog', { name: /ABCD-2345/ })).toBeInTheDocument();
  });

  it('keeps only the cards in view of ten thousand in the page', async () => {
    server.use(bookingsApi(Array.from({ length: 10_000 }, (_, i) => bookingRow(i + 1))));
    renderAdmin(<BookingsSection company={company} />);
    const list = await screen.findByRole('list', { name: /^Bookings from / });
    await within(list).findByText('Customer 1');
    const cards = within(list).getAllByRole('listitem');
    expect(cards.length).toBeLessThan(50);
    expect(cards[0]).toHaveAttribute('aria-setsize', '10000');
    expect(within(list).queryByText('Customer 10000')).not.toBeInTheDocument();
  });

  it('writes the cards in Arabic with the reference and the date isolated left to right', async () => {
    server.use(bookingsApi([bookingRow(1, { reference: 'ABCD-2345' })]));
    await i18n.changeLanguage('ar');
    renderAdmin(<BookingsSection company={company} />);
    const card = (await screen.findAllByRole('listitem'))[0];
    expect(within(card).getByText('ABCD-2345')).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByRole('button', { name: 'تفاصيل الحجز ABCD-2345' })).toHaveTextContent('تفاصيل');
    expect(within(card).getByText('مدفوع')).toBeInTheDocument();
  });
});
