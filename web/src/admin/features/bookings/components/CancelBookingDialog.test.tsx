import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { cashPayment, masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

/** A booking paid €66.00 online (the card), nothing due. */
const paidByCard = masterData({
  state: 'pagada',
  paymentMode: 'online',
  payments: [{ ...cashPayment, id: 7, provider: 'stripe', method: null, by: null, amount: 66, holds: 66 }],
  total: 66,
  refundable: 66,
  paid: 66,
  due: 0,
});

/** The details call and the cancel call (its bodies recorded), answering `answer`. */
function api(data: Record<string, unknown>, answer: () => Response = () => HttpResponse.json({ data: { id: 9, state: 'cancelada', refunded: 66, owed: 0 } })) {
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/booking/master-data/:id', () => HttpResponse.json(data)),
    http.post('/api/admin/cancel-booking', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function openCancel(role: 'ADMIN' | 'DESK' = 'ADMIN') {
  renderAdmin(
    <BookingDetailsDialog company={adminCompany({ role })} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />,
  );
  const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
  await within(details).findByText('Walk In');
  return details;
}

describe('CancelBookingDialog', { timeout: 30_000 }, () => {
  it('shows the refund to the card before the confirmation and cancels with it in one step', async () => {
    const bodies = api(paidByCard);
    const user = userEvent.setup();
    const details = await openCancel();
    await user.click(within(details).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking · .*UE9B-KTGR/ });
    const refund = within(dialog).getByRole('radio', { name: /Refund .*€66\.00.* to the card/ });
    expect(refund).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'No refund' })).not.toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Cancel booking .*UE9B-KTGR.*\? Refund .*€66\.00.* to the card\./);
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText(/Booking cancelled\. Refunded .*€66\.00/)).toBeInTheDocument();
    expect(bodies).toEqual([{ idCompany: 1, bookingId: 9, money: 'refund' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Cancel booking ·/ })).not.toBeInTheDocument());
  });

  it('cancels without a refund when staff choose so', async () => {
    const bodies = api(paidByCard, () => HttpResponse.json({ data: { id: 9, state: 'cancelada', refunded: 0, owed: 0 } }));
    const user = userEvent.setup();
    const details = await openCancel();
    await user.click(within(details).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking ·/ });
    await user.click(within(dialog).getByRole('radio', { name: 'No refund' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(/without a refund\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking cancelled.')).toBeInTheDocument();
    expect(bodies).toEqual([{ idCompany: 1, bookingId: 9, money: 'none' }]);
  });

  it('offers cash back for a payment taken at the counter', async () => {
    api(masterData({ state: 'parcialmentepagada' }));
    const user = userEvent.setup();
    const details = await openCancel();
    await user.click(within(details).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking ·/ });
    expect(within(dialog).getByRole('radio', { name: /Give back .*€30\.00.* in cash/ })).toBeChecked();
  });

  it('disables the refund with the reason when the policy allows none, and cancels without it', async () => {
    const bodies = api({ ...paidByCard, refundBlocked: 'windowClosed' }, () =>
      HttpResponse.json({ data: { id: 9, state: 'cancelada', refunded: 0, owed: 0 } }),
    );
    const user = userEvent.setup();
    const details = await openCancel();
    await user.click(within(details).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking ·/ });
    const refund = within(dialog).getByRole('radio', { name: /Refund .*€66\.00.* to the card/ });
    expect(refund).toBeDisabled();
    expect(within(dialog).getByText('Refund not possible: The refund window is over.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'No refund' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(bodies).toEqual([{ idCompany: 1, bookingId: 9, money: 'none' }]));
  });

  it('shows the credit before the confirmation and keeps the money as a credit note in one step', async () => {
    const bodies = api({ ...paidByCard, creditable: 66 }, () =>
      HttpResponse.json({
        data: {
          id: 9,
          state: 'cancelada',
          refunded: 0,
          owed: 0,
          credit: {
            code: '7VF8-TZC4-P7MM-TWBF',
            amount: 66,
            balance: 66,
            currency: 'EUR',
            createdAt: '2026-11-28T10:00:00Z',
            expiresAt: '2027-11-28T10:00:00Z',
            expired: false,
            reference: 'UE9B-KTGR',
            customerName: 'Walk In',
            customerEmail: 'walk@example.com',
          },
        },
      }),
    );
    const user = userEvent.setup();
    const details = await openCancel();
    await user.click(within(details).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking ·/ });
    const credit = within(dialog).getByRole('radio', { name: /Keep .*€66\.00.* as credit/ });
    expect(credit).toBeEnabled();
    expect(within(dialog).getByText(/a code the customer gives at the desk, valid for 12 months/)).toBeInTheDocument();
    await user.click(credit);
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Cancel booking .*UE9B-KTGR.* and keep .*€66\.00.* as credit\?/);
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText(/Booking cancelled\. Credit note .*7VF8-TZC4-P7MM-TWBF.* for .*€66\.00/)).toBeInTheDocument();
    expect(bodies).toEqual([{ idCompany: 1, bookingId: 9, money: 'credit' }]);
  });

  it('disables keeping credit with the reason when nothing paid is left', async () => {
    api({ ...paidByCard, refundable: 0, creditable: 0, refundBlocked: 'fullyRefunded', payments: [{ ...paidByCard.payments[0], holds: 0 }] });
    const user = userEvent.setup();
    const details = await openCancel();
    await user.click(within(details).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking ·/ });
    expect(within(dialog).getByRole('radio', { name: /Keep .*€0\.00.* as credit/ })).toBeDisabled();
    expect(within(dialog).getByText('Nothing paid is left to keep as credit.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'No refund' })).toBeChecked();
  });

  it("shows the server's refusal and stays open", async () => {
    api(paidByCard, () =>
      HttpResponse.json({ code: 'conflict', message: 'This booking is already cancelled.' }, { status: 409 }),
    );
    const user = userEvent.setup();
    const details = await openCancel();
    await user.click(within(details).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking ·/ });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This booking is already cancelled.');
  });

  it('is not offered to the counter (DESK) nor on a booking that cannot be cancelled', async () => {
    api(paidByCard);
    const details = await openCancel('DESK');
    expect(within(details).queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });
});
