import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { BillingSection } from '@/admin/features/billing/components/BillingSection';
import { adminCompany, billingResponse } from '@/admin/features/billing/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

interface RefundCall {
  key: string | null;
  body: unknown;
}

/** The billing query (counted) and the refund call (recorded), answering `refundAnswer`. */
function api(refundAnswer: () => Promise<Response> | Response) {
  const state = { billingCalls: 0, refunds: [] as RefundCall[] };
  server.use(
    http.post('/api/admin/retrieveBillingBetweenDates', () => {
      state.billingCalls += 1;
      return HttpResponse.json(billingResponse());
    }),
    http.post('/api/payment/execute-refund', async ({ request }) => {
      state.refunds.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      return refundAnswer();
    }),
  );
  return state;
}

const ok = () => HttpResponse.json({ data: { refunded: 12.34, remaining: 27.66, method: 'provider' } });

async function openRefund(user: ReturnType<typeof userEvent.setup>, token = 'BK-0001') {
  await user.click(await screen.findByRole('button', { name: `Refund ${token}` }));
  return screen.findByRole('dialog', { name: `Refund sale ${token}` });
}

describe('RefundDialog', { timeout: 30_000 }, () => {
  it('accepts only more than 0 and up to what is left', async () => {
    api(ok);
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    const dialog = await openRefund(user);
    const amount = within(dialog).getByLabelText('Amount to refund');
    const accept = within(dialog).getByRole('button', { name: 'Refund' });
    expect(within(dialog).getByText('Refundable: €40.00')).toBeInTheDocument();

    expect(accept).toBeDisabled(); // empty
    await user.type(amount, '0');
    expect(accept).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '40.01');
    expect(accept).toBeDisabled();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '40');
    expect(accept).toBeEnabled();
    await user.clear(amount);
    await user.type(amount, '0.01');
    expect(accept).toBeEnabled();
    await user.clear(amount);
    await user.type(amount, '1.234');
    expect(accept).toBeDisabled();
  });

  it('sends hundredths once with one key for a double click, toasts and reloads the sales', async () => {
    const calls = api(async () => {
      await delay(150);
      return ok();
    });
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    const dialog = await openRefund(user);
    await user.type(within(dialog).getByLabelText('Amount to refund'), '12,34');
    const loadsBefore = calls.billingCalls;
    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Refund sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund sale BK-0001' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.billingCalls).toBe(loadsBefore + 1));
    expect(calls.refunds.length).toBeGreaterThanOrEqual(1);
    expect(calls.refunds[0].body).toEqual({ amount: 1234, orderId: 'BK-0001', idCompany: 7 });
    expect(calls.refunds[0].key).toMatch(/^refund-[0-9a-f-]{20,}$/);
    expect(new Set(calls.refunds.map((c) => c.key)).size).toBe(1);

    // A new opening is a new refund: it gets its own key.
    const again = await openRefund(user);
    await user.type(within(again).getByLabelText('Amount to refund'), '1');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(new Set(calls.refunds.map((c) => c.key)).size).toBe(2));
  });

  it('names the sale with what it took and gave back, and offers the whole of what is left', async () => {
    const calls = api(ok);
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    await user.click((await screen.findAllByRole('button', { name: 'Refund EV-0002' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Refund sale EV-0002' });
    expect(within(dialog).getByText('Björn Larsen')).toBeInTheDocument();
    expect(within(dialog).getByText('Endurance night')).toBeInTheDocument();
    expect(within(dialog).getByText('Date')).toBeInTheDocument();
    expect(within(dialog).getByText('20 Nov 2026, 11:15')).toBeInTheDocument(); // Madrid time of the sale
    expect(within(dialog).getByText('Paid').nextSibling).toHaveTextContent('€120.50');
    expect(within(dialog).getByText('Refunded').nextSibling).toHaveTextContent('€20.00');
    expect(within(dialog).getByText('Refundable: €100.50')).toBeInTheDocument();

    const amount = within(dialog).getByLabelText('Amount to refund');
    expect(amount).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Full amount (€100.50)' }));
    expect(amount).toHaveValue('100.50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.refunds).toHaveLength(1));
    expect(calls.refunds[0].body).toEqual({ amount: 10050, orderId: 'EV-0002', idCompany: 7 });
  });

  it('toasts the server\'s message on failure and lets the user try again', async () => {
    const calls = api(() =>
      HttpResponse.json({ code: 'provider_error', message: 'The payment provider refused the refund.' }, { status: 502 }),
    );
    const user = userEvent.setup();
    renderAdmin(<BillingSection company={adminCompany()} />);
    const dialog = await openRefund(user);
    await user.type(within(dialog).getByLabelText('Amount to refund'), '5');
    const loadsBefore = calls.billingCalls;
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('The payment provider refused the refund.')).toBeInTheDocument();
    const accept = within(dialog).getByRole('button', { name: 'Refund' });
    await waitFor(() => expect(accept).toBeEnabled()); // loading has ended
    expect(screen.getByRole('dialog', { name: 'Refund sale BK-0001' })).toBeInTheDocument();
    expect(calls.billingCalls).toBe(loadsBefore);
  });
});
