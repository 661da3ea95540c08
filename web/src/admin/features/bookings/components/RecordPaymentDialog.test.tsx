import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { BookingDetailsDialog } from '@/admin/features/bookings/components/BookingDetailsDialog';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';
import { masterData } from '@/admin/features/bookings/components/paymentDialogs.fixture';

interface PaymentCall {
  key: string | null;
  body: unknown;
}

/** The details call and the record-payment call (recorded), answering `answer`. */
function api(answer: () => Promise<Response> | Response, data = masterData()) {
  const state = { calls: [] as PaymentCall[], loads: 0 };
  server.use(
    http.get('/api/booking/master-data/:id', () => {
      state.loads += 1;
      return HttpResponse.json(data);
    }),
    http.post('/api/admin/record-payment', async ({ request }) => {
      state.calls.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      return answer();
    }),
  );
  return state;
}

const recorded = () =>
  HttpResponse.json({ data: { paymentId: 5, entryId: 11, state: 'pagada', paid: 87, due: 0, replayed: false } });

async function openPayment(user: ReturnType<typeof userEvent.setup>) {
  renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
  const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
  await user.click(await within(details).findByRole('button', { name: 'Record payment' }));
  return screen.findByRole('dialog', { name: /^Record payment · .*UE9B-KTGR/ });
}

describe('RecordPaymentDialog', { timeout: 30_000 }, () => {
  it('starts at what is due and refuses more than that before sending anything', async () => {
    const calls = api(recorded);
    const user = userEvent.setup();
    const dialog = await openPayment(user);
    const amount = within(dialog).getByLabelText('Amount received');
    expect(amount).toHaveValue('57.00');
    expect(within(dialog).getByLabelText('Method')).toHaveValue('cash');
    const record = within(dialog).getByRole('button', { name: 'Record payment' });
    expect(record).toBeEnabled();

    await user.clear(amount);
    await user.type(amount, '57.01');
    expect(await within(dialog).findByText(/More than is due: at most .*€57\.00/)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(record).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '0');
    expect(record).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '20,5');
    expect(record).toBeEnabled();
    expect(calls.calls).toHaveLength(0);
  });

  it('confirms, then records the method and the amount in hundredths once for a double tap', async () => {
    const calls = api(async () => {
      await delay(150);
      return recorded();
    });
    const user = userEvent.setup();
    const dialog = await openPayment(user);
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'card_terminal');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Record .*€57\.00.* \(Card terminal\) for booking .*UE9B-KTGR.*\?/);
    expect(calls.calls).toHaveLength(0);
    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Payment recorded. The booking is paid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Record payment/ })).not.toBeInTheDocument());
    expect(calls.calls.length).toBeGreaterThanOrEqual(1);
    const keys = new Set(calls.calls.map((c) => c.key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^desk-/);
    expect(calls.calls[0].body).toEqual({ idCompany: 1, bookingId: 9, method: 'card_terminal', amount: 5700 });
    await waitFor(() => expect(calls.loads).toBeGreaterThanOrEqual(2)); // the details reload
  });

  it("shows the server's refusal and stays open", async () => {
    api(() =>
      HttpResponse.json(
        { code: 'unprocessable', message: 'The amount is more than what is due (€5.00).', fields: { amount: 'at most 5.00' } },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    const dialog = await openPayment(user);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The amount is more than what is due (€5.00).');
    expect(within(dialog).getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
  });

  it('is not offered when nothing is due or the booking is cancelled', async () => {
    api(recorded, masterData({ state: 'pagada', paid: 87, due: 0 }));
    renderAdmin(<BookingDetailsDialog company={adminCompany()} booking={{ id: 9, bookingIdentifier: 'PL-TOKEN-9' }} onClose={() => {}} />);
    const details = await screen.findByRole('dialog', { name: 'Booking PL-TOKEN-9' });
    expect(await within(details).findByText('Walk In')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(within(details).getByText('Cash')).toBeInTheDocument();
    expect(within(details).getByText('desk@norte.test')).toBeInTheDocument();
  });
});
