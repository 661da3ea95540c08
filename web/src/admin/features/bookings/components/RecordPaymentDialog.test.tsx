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

  it('takes a credit note: checks the code live, refuses unknown, expired and used-up notes, and spends at most its balance', async () => {
    const calls = api(recorded);
    const note = (code: string, extra: Record<string, unknown> = {}) => ({
      data: {
        code,
        amount: 66,
        balance: 40,
        currency: 'EUR',
        createdAt: '2026-11-28T10:00:00Z',
        expiresAt: '2027-11-28T10:00:00Z',
        expired: false,
        reference: 'AB12-CD34',
        customerName: 'Ana Credit',
        customerEmail: 'ana@example.com',
        ...extra,
      },
    });
    const looked: string[] = [];
    server.use(
      http.post('/api/admin/credit-lookup', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        looked.push(code);
        if (code === 'AAAABBBBCCCCDDDD') return HttpResponse.json(note('AAAA-BBBB-CCCC-DDDD'));
        if (code === 'EEEEFFFFGGGGHHHH') return HttpResponse.json(note('EEEE-FFFF-GGGG-HHHH', { expired: true }));
        if (code === 'JJJJKKKKMMMMNNNN') return HttpResponse.json(note('JJJJ-KKKK-MMMM-NNNN', { balance: 0 }));
        return HttpResponse.json({ code: 'not_found', message: 'No credit note of this company with that code.' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    const dialog = await openPayment(user);
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'credit');
    const code = within(dialog).getByLabelText('Credit note code');
    expect(code.closest('[dir="ltr"]')).not.toBeNull(); // the code reads left to right in Arabic too
    const record = within(dialog).getByRole('button', { name: 'Record payment' });
    expect(record).toBeDisabled();
    await user.click(code);
    await user.tab();
    expect(await within(dialog).findByText("Type the credit note's code.")).toBeInTheDocument();

    await user.type(code, 'ILOU-ILOU-ILOU-ILOU');
    expect(await within(dialog).findByText(/has 16 letters and digits/)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '0000-0000-0000-0000');
    expect(await within(dialog).findByText('No credit note has this code.')).toBeInTheDocument();
    expect(record).toBeDisabled();
    await user.clear(code);
    await user.type(code, 'eeee-ffff-gggg-hhhh');
    expect(await within(dialog).findByText(/This credit note expired on/)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'JJJJKKKKMMMMNNNN');
    expect(await within(dialog).findByText('This credit note has been used up.')).toBeInTheDocument();
    expect(record).toBeDisabled();

    // A good code, typed in lower case without dashes: its balance and customer show; more than it holds is refused.
    await user.clear(code);
    await user.type(code, 'aaaabbbbccccdddd');
    expect(await within(dialog).findByText(/Balance .*€40\.00.*, valid until .* · .*Ana Credit/)).toBeInTheDocument();
    expect(within(dialog).getByText(/More than the credit note holds: at most .*€40\.00/)).toBeInTheDocument();
    expect(record).toBeDisabled();
    const amount = within(dialog).getByLabelText('Amount received');
    await user.clear(amount);
    await user.type(amount, '40');
    expect(record).toBeEnabled();
    await user.click(record);
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Take .*€40\.00.* from credit note .*AAAA-BBBB-CCCC-DDDD.* for booking .*UE9B-KTGR/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Payment recorded. The booking is paid.')).toBeInTheDocument();
    expect(calls.calls[0].body).toEqual({ idCompany: 1, bookingId: 9, method: 'credit', amount: 4000, creditCode: 'AAAABBBBCCCCDDDD' });
    expect(looked).toContain('AAAABBBBCCCCDDDD');
  });
});
