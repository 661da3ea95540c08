import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bookingApi, product } from '@/features/booking/testing/api-double';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

type User = ReturnType<typeof userEvent.setup>;

/** A voucher-mode company (no date stage): the shortest way to the summary. */
function company(isPaymentsActive: 0 | 1) {
  const api = bookingApi([product({ id: 7, name: 'Bono 10 minutos' })]);
  server.use(
    http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ voucherMode: true, isPaymentsActive, showEmails: false }))),
    ...api.handlers,
  );
  return api;
}

/** Fills the register stage for two drivers and reaches the summary. */
async function toSummary(user: User) {
  renderRoute(`/${KNOWN_KEY}`);
  await user.click(await screen.findByRole('radio', { name: 'Bono 10 minutos' }, { timeout: 10_000 }));
  await user.click(screen.getByRole('button', { name: 'One driver more' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 10_000 });
  await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ana');
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ana@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Repeat the e-mail/ }), 'ana@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '600123456');
  await user.type(screen.getByRole('textbox', { name: 'Name of driver 2' }), 'Bea');
  await user.click(screen.getByRole('checkbox', { name: 'I confirm that I am of legal age.' }));
  const next = screen.getByRole('button', { name: 'Next' });
  await waitFor(() => expect(next).toBeEnabled(), { timeout: 10_000 });
  await user.click(next);
  await screen.findByRole('heading', { level: 2, name: /^Summary/ }, { timeout: 10_000 });
}

function refuseSave(fields: Record<string, string>) {
  server.use(
    http.post('/api/booking/saveBooking', () =>
      HttpResponse.json({ code: 'unprocessable', message: 'The booking is not valid.', fields }, { status: 422 }),
    ),
  );
}

describe('errors the server finds on save', () => {
  afterEach(() => notifications.clean()); // toasts live in a store shared by every render

  it('shows each on its field of the register form, focuses the first, and toasts nothing', { timeout: 90_000 }, async () => {
    company(0);
    const user = userEvent.setup();
    await toSummary(user);
    refuseSave({
      phone: 'must be a valid international phone number of at least 7 characters',
      email: 'must be a valid e-mail address',
      'slots[0].drivers[1].name': 'must not contain a slash',
    });
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Create booking' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 10_000 })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('This e-mail is not valid.');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAccessibleDescription('This phone number is not valid.');
    const driver2 = within(screen.getByTestId('driver-2')).getByRole('textbox', { name: 'Name of driver 2' });
    expect(driver2).toHaveAccessibleDescription('Write a name with letters, without slashes or symbols.');
    expect(driver2).toHaveValue('Bea');
    expect(screen.queryByText('Oops, something went wrong. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryByText('The booking is not valid.')).not.toBeInTheDocument();

    // Fixing the field takes its error away.
    await user.clear(email);
    await user.type(email, 'ana@example.org');
    await user.tab(); // the form checks a field when it is left
    await waitFor(() => expect(email).not.toHaveAccessibleDescription('This e-mail is not valid.'));
  });

  it('in Spanish too: the server’s English never shows', { timeout: 90_000 }, async () => {
    company(0);
    const user = userEvent.setup();
    await toSummary(user);
    refuseSave({ emailConfirmation: 'must equal the e-mail' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es-ES');
    await user.click(await screen.findByRole('checkbox', { name: /He leído y acepto/ }));
    await user.click(screen.getByRole('button', { name: 'Crear reserva' }));
    const confirmation = await screen.findByRole('textbox', { name: /^Repite el correo/ }, { timeout: 10_000 });
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(confirmation).toHaveAccessibleDescription(/no coinciden/);
  });

  it('keeps a toast for errors no field explains, and stays on the summary', { timeout: 90_000 }, async () => {
    company(0);
    const user = userEvent.setup();
    await toSummary(user);
    refuseSave({ token: 'required: the shopping cart token' });
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(await screen.findByText('Oops, something went wrong. Please try again.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^Summary/ })).toBeInTheDocument();
  });

  it('shows a refused discount code on the code field', { timeout: 90_000 }, async () => {
    company(1);
    server.use(
      http.post('/api/booking/discount', () =>
        HttpResponse.json(
          { code: 'gone', message: 'This discount code has expired.', fields: { discount: 'expired' } },
          { status: 410 },
        ),
      ),
    );
    const user = userEvent.setup();
    await toSummary(user);
    const code = screen.getByRole('textbox', { name: 'Discount code' });
    await user.type(code, 'SUMMER');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('This discount code has expired.'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    await user.type(code, 'X');
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
  });
});
