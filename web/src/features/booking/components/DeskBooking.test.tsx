import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bookingApi, product } from '@/features/booking/testing/api-double';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

type User = ReturnType<typeof userEvent.setup>;

/** A voucher-mode company that takes payments online (the shortest way to the summary). */
function company(staff: { staff: boolean; name?: string }) {
  const api = bookingApi([product({ id: 7, name: 'Bono 10 minutos' })]);
  server.use(
    http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ voucherMode: true, isPaymentsActive: 1, showEmails: false }))),
    http.get('/api/booking/staff', () => HttpResponse.json(staff)),
    ...api.handlers,
  );
  return api;
}

async function toSummary(user: User) {
  renderRoute(`/${KNOWN_KEY}`);
  await user.click(await screen.findByRole('radio', { name: 'Bono 10 minutos' }, { timeout: 10_000 }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 10_000 });
  await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ana');
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ana@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Repeat the e-mail/ }), 'ana@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '600123456');
  await user.click(screen.getByRole('checkbox', { name: 'I confirm that I am of legal age.' }));
  const next = screen.getByRole('button', { name: 'Next' });
  await waitFor(() => expect(next).toBeEnabled(), { timeout: 10_000 });
  await user.click(next);
  await screen.findByRole('heading', { level: 2, name: /^Summary/ }, { timeout: 10_000 });
  await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
}

describe('a booking taken at the desk', () => {
  it('a staff member of the company books without online payment, and the summary says so', { timeout: 90_000 }, async () => {
    const api = company({ staff: true, name: 'Desk Dana' });
    const user = userEvent.setup();
    await toSummary(user);
    expect(screen.getByTestId('desk-booking')).toHaveTextContent(/Desk booking by .*Desk Dana.*pays at the circuit/);
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === 'save')).toBe(true), { timeout: 10_000 });
    const save = api.requests.find((r) => r.path === 'save');
    expect((save?.body as { isPaymentsActive: number }).isPaymentsActive).toBe(0);
  });

  it('a customer pays online as the company says', { timeout: 90_000 }, async () => {
    company({ staff: false });
    const user = userEvent.setup();
    await toSummary(user);
    expect(screen.queryByTestId('desk-booking')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create and pay' })).toBeInTheDocument();
  });
});
