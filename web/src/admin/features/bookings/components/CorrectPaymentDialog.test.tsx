import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';
import { cashPayment, masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';

/** A booking with €30.00 taken in cash at the counter (payment 4) and an online payment (payment 5). */
const data = masterData({
  lines: [],
  payments: [
    cashPayment,
    { id: 5, provider: 'simulated', status: 'approved', amount: 10, createdAt: '2026-11-02T09:32:00Z', method: null, by: null, corrected: 0, holds: 10 },
  ],
  refundable: 40,
  paid: 40,
  due: 47,
});

function api() {
  const calls: { key: string | null; body: unknown }[] = [];
  server.use(
    http.get('/api/booking/master-data/:id', () => HttpResponse.json(data)),
    http.post('/api/admin/correct-payment', async ({ request }) => {
      calls.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      return HttpResponse.json({ data: { paymentId: 4, entryId: 12, state: 'parcialmentepagada', paid: 35, due: 52, replayed: false } });
    }),
  );
  return calls;
}

const correctButton = /^Correct payment of .*€/;

describe('CorrectPaymentDialog', { timeout: 30_000 }, () => {
  it('is not offered to the counter, which records payments only', async () => {
    api();
    renderAdmin(
      <BookingDetailsDialog company={adminCompany({ role: 'DESK' })} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
    );
    const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    expect(await within(details).findByRole('button', { name: 'Record payment' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: correctButton })).not.toBeInTheDocument();
  });

  it('lets an admin take part of a counter payment off, with a reason, never more than it holds', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
    const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    // Only the counter payment is corrected; an online one is refunded instead.
    const buttons = await within(details).findAllByRole('button', { name: correctButton });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveTextContent('€30.00');
    await user.click(buttons[0]);
    const dialog = await screen.findByRole('dialog', { name: /^Correct a payment · .*UE9B-KTGR/ });
    const amount = within(dialog).getByLabelText('Amount to take off');
    const submit = within(dialog).getByRole('button', { name: 'Add correction' });
    expect(amount).toHaveValue('30.00');
    expect(submit).toBeDisabled(); // no reason yet

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Typed 30 instead of 25');
    await user.clear(amount);
    await user.type(amount, '30.01');
    expect(within(dialog).getByText(/More than the payment holds: at most .*€30\.00/)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '5');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('Correction recorded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Correct a payment/ })).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    expect(calls[0].key).toMatch(/^correction-/);
    expect(calls[0].body).toEqual({ idCompany: 1, bookingId: 9, paymentId: 4, amount: 500, reason: 'Typed 30 instead of 25' });
  });
});
