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

/** Fills the contact form (a walk-in at the desk: no repeated e-mail, no legal-age box) and reaches the summary. */
async function toSummary(user: User, desk: boolean, email = 'ana@example.com') {
  renderRoute(`/${KNOWN_KEY}`);
  await user.click(await screen.findByRole('radio', { name: 'Bono 10 minutos' }, { timeout: 10_000 }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 10_000 });
  await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ana');
  if (email) await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), email);
  if (desk) {
    expect(screen.queryByRole('textbox', { name: /^Repeat the e-mail/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'I confirm that I am of legal age.' })).not.toBeInTheDocument();
  } else {
    await user.type(screen.getByRole('textbox', { name: /^Repeat the e-mail/ }), email);
  }
  await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '600123456');
  if (!desk) await user.click(screen.getByRole('checkbox', { name: 'I confirm that I am of legal age.' }));
  const next = screen.getByRole('button', { name: 'Next' });
  await waitFor(() => expect(next).toBeEnabled(), { timeout: 10_000 });
  await user.click(next);
  await screen.findByRole('heading', { level: 2, name: /^Summary/ }, { timeout: 10_000 });
  expect(screen.queryByRole('checkbox', { name: desk ? /I have read and accept/ : /The customer has read and accepted/ })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: desk ? /The customer has read and accepted/ : /I have read and accept/ }));
}

describe('a booking taken at the desk', () => {
  it('a staff member of the company books without online payment, and the summary says so', { timeout: 90_000 }, async () => {
    const api = company({ staff: true, name: 'Desk Dana' });
    const user = userEvent.setup();
    await toSummary(user, true);
    expect(screen.getByTestId('desk-booking')).toHaveTextContent(/Desk booking by .*Desk Dana.*pays at the circuit/);
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === 'save')).toBe(true), { timeout: 10_000 });
    const save = api.requests.find((r) => r.path === 'save');
    expect(save?.body).toMatchObject({ isPaymentsActive: 0, staffMode: 1, customerAcceptedTerms: 1, email: 'ana@example.com', acceptSendPromo: false });
  });

  it('a walk-in may leave the e-mail out: the customer has it asked once, not required', { timeout: 90_000 }, async () => {
    const api = company({ staff: true, name: 'Desk Dana' });
    const user = userEvent.setup();
    await toSummary(user, true, '');
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === 'save')).toBe(true), { timeout: 10_000 });
    expect(api.requests.find((r) => r.path === 'save')?.body).toMatchObject({ email: '', staffMode: 1 });
  });

  it('a customer pays online as the company says', { timeout: 90_000 }, async () => {
    company({ staff: false });
    const user = userEvent.setup();
    await toSummary(user, false);
    expect(screen.queryByTestId('desk-booking')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create and pay' })).toBeInTheDocument();
  });
});
