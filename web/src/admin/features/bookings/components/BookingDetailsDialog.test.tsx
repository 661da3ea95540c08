import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

/** The cells of a section's table, row by row (the header first). */
function table(details: HTMLElement, heading: string) {
  const section = within(details).getByRole('heading', { name: heading }).closest('section');
  if (!section) throw new Error(`no section ${heading}`);
  return within(section)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
}

describe('BookingDetailsDialog', { timeout: 30_000 }, () => {
  it('lists refunds (by whom, else the provider) and corrections (with their reason, taken off)', async () => {
    server.use(
      http.get('/api/booking/master-data/:id', () =>
        HttpResponse.json(
          masterData({
            refunds: [
              { at: '2026-11-03T10:00:00Z', by: 'boss@norte.test', amount: 12 },
              { at: '2026-11-04T11:30:00Z', by: null, amount: 3.5 },
            ],
            corrections: [{ at: '2026-11-02T09:40:00Z', by: 'boss@norte.test', reason: 'Typed 30 instead of 25', amount: 5 }],
          }),
        ),
      ),
    );
    renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
    const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    await within(details).findByText('Walk In');

    const refunds = table(details, 'Refunds');
    expect(refunds[0]).toEqual(['Date', 'By', 'Amount']);
    expect(refunds.slice(1).map((r) => r.slice(1))).toEqual([
      ['boss@norte.test', '€12.00'],
      ['Payment provider', '€3.50'],
    ]);
    expect(refunds[1][0]).toMatch(/2026/);

    const corrections = table(details, 'Corrections');
    expect(corrections[0]).toEqual(['Date', 'By', 'Reason', 'Amount']);
    expect(corrections.slice(1).map((r) => r.slice(1))).toEqual([['boss@norte.test', 'Typed 30 instead of 25', '-€5.00']]);
  });

  it("names each payment's provider and state in words, and shows a code it does not know as stored", async () => {
    server.use(
      http.get('/api/booking/master-data/:id', () =>
        HttpResponse.json(
          masterData({
            payments: [
              { id: 3, provider: 'stripe', status: 'partially_refunded', amount: 20, createdAt: '2026-11-01T10:00:00Z', method: null, by: null, corrected: 0 },
              { id: 4, provider: 'cash', status: 'approved', amount: 30, createdAt: '2026-11-02T09:31:00Z', method: 'cash', by: 'desk@norte.test', corrected: 0 },
              { id: 5, provider: 'newpay', status: 'settling', amount: 1, createdAt: '2026-11-03T09:31:00Z', method: null, by: null, corrected: 0 },
            ],
          }),
        ),
      ),
    );
    renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
    const details = await screen.findByRole('dialog', { name: /Booking/ });
    await within(details).findByText('Walk In');
    const text = table(details, 'Payments')
      .slice(1)
      .map((r) => r.join('|'));
    expect(text[0]).toContain('Stripe (card)|Online');
    expect(text[0]).toContain('Partly refunded');
    expect(text[1]).toContain('At the circuit|Cash');
    expect(text[1]).toContain('Approved');
    expect(text[2]).toContain('newpay');
    expect(text[2]).toContain('settling');
    expect(text.join()).not.toMatch(/\|cash\||\|approved\||partially_refunded/);
  });

  it('shows no corrections section without corrections, and says when there are no refunds', async () => {
    server.use(http.get('/api/booking/master-data/:id', () => HttpResponse.json(masterData())));
    renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
    const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    await within(details).findByText('Walk In');
    const section = within(details).getByRole('heading', { name: 'Refunds' }).closest('section');
    expect(section && within(section).queryByRole('table')).toBeNull();
    expect(within(details).queryByRole('heading', { name: 'Corrections' })).not.toBeInTheDocument();
    expect(within(details).queryByTestId('refund-blocked')).not.toBeInTheDocument();
  });

  it('says why no refund can be made beside what is refundable, in English and in Arabic', async () => {
    server.use(
      http.get('/api/booking/master-data/:id', () =>
        HttpResponse.json(masterData({ refundable: 156, refundBlocked: 'sessionStarted' })),
      ),
    );
    const { unmount } = renderAdmin(
      <BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
    );
    const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    expect(await within(details).findByTestId('refund-blocked')).toHaveTextContent('Refund not possible: The session has started.');
    unmount();

    await i18n.changeLanguage('ar');
    try {
      renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
      expect(await screen.findByTestId('refund-blocked')).toHaveTextContent('الاسترداد غير ممكن: بدأت الجلسة.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
  it('keeps phones, e-mails, dates and times left to right in Arabic, each isolated from the sentence', async () => {
    server.use(
      http.get('/api/booking/master-data/:id', () =>
        HttpResponse.json(
          masterData({
            contact: { name: 'Walk', surname: 'In', phone: '+34 615 989 202', email: 'walk@example.test', birthDate: '1990-04-05', memberId: null },
            lines: [
              {
                id: 1,
                name: 'Adult 10 min',
                type: 'PRODUCT',
                quantity: 1,
                numDrivers: 1,
                unitPrice: 29,
                total: 29,
                sessions: [{ date: '2026-11-20', time: '18:15', track: 'Pista Norte' }],
              },
            ],
            drivers: [{ name: 'Ana Ruiz', email: 'ana@example.test', underage: false }],
          }),
        ),
      ),
    );
    await i18n.changeLanguage('ar');
    renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
    const details = await screen.findByRole('dialog');
    const ltr = (text: string | RegExp) => within(details).getByText(text).closest('bdi');
    expect(await within(details).findByText('+34 615 989 202')).toBeInTheDocument();
    expect(ltr('+34 615 989 202')).toHaveAttribute('dir', 'ltr');
    expect(ltr('walk@example.test')).toHaveAttribute('dir', 'ltr');
    expect(ltr('ana@example.test')).toHaveAttribute('dir', 'ltr');
    // The session's date and time together in one isolated run (its direction is the language's: the
    // month is an Arabic word), so the date cannot be split from its time.
    const session = within(details).getByText(/18:15/).closest('bdi');
    expect(session?.textContent).toMatch(/20.*2026.*18:15/);
  });

  it("says why a booking cannot be cancelled in the page's language, not in the server's English", async () => {
    server.use(
      http.get('/api/booking/master-data/:id', () =>
        HttpResponse.json(
          masterData({ cancellable: false, cancelReason: "This booking's session has already started, so it can no longer be cancelled." }),
        ),
      ),
    );
    await i18n.changeLanguage('ar');
    renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
    const details = await screen.findByRole('dialog');
    expect(await within(details).findByText('لا يمكن الإلغاء: بدأت جلسة هذا الحجز بالفعل.')).toBeInTheDocument();
    expect(within(details).queryByText(/already started/)).toBeNull();
  });
});
