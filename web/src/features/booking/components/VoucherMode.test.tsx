import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bookingApi, product } from '@/features/booking/testing/api-double';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

function voucherCompany(api: ReturnType<typeof bookingApi>) {
  server.use(
    http.get('/api/config/:key', () =>
      HttpResponse.json(companyConfig({ voucherMode: true, isPaymentsActive: 0, showEmails: false })),
    ),
    ...api.handlers,
  );
}

describe('voucher mode', () => {
  // A whole wizard run in jsdom: about 25 s on this project's 2-core machine, so it gets 90 s.
  it('skips the date stage: holds one voucher after a second and books it without driver names', async () => {
    const api = bookingApi([product({ id: 7, name: 'Bono 10 minutos' })]);
    voucherCompany(api);
    const user = userEvent.setup();
    renderRoute(`/${KNOWN_KEY}`);

    const steps = await screen.findByRole('navigation', { name: 'Booking steps' }, { timeout: 10_000 });
    expect(within(steps).queryByText('Date')).not.toBeInTheDocument();
    expect(within(steps).getAllByRole('button')).toHaveLength(4);

    await user.click(await screen.findByRole('radio', { name: 'Bono 10 minutos' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'One driver more' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Preparing your gift voucher…' })).toBeInTheDocument();
    // The stage moves the focus to its heading in an effect after the render that shows it.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 10_000 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.requests.filter((r) => r.path === 'voucher').map((r) => r.body)).toEqual([
      { token: 'cart-1', idProduct: 7, numDrivers: 2 },
    ]);

    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ana@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Repeat the e-mail/ }), 'ana@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '600123456');
    await user.click(screen.getByRole('checkbox', { name: 'I confirm that I am of legal age.' }));
    // Driver names are not required for a voucher.
    expect(screen.getByRole('textbox', { name: 'Name of driver 1' })).not.toBeRequired();
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled(), { timeout: 10_000 });
    await user.click(next);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Summary of your gift voucher' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create booking' });
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(create);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your booking is confirmed!' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const save = api.requests.find((r) => r.path === 'save');
    expect(save?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(save?.body).toMatchObject({
      token: 'cart-1',
      nombre: 'Ana',
      phone: '+34600123456',
      identifiersPrebooking: ['v1'],
      isPaymentsActive: 0,
      slots: [{ prebookingIdentifier: 'v1', drivers: [{ name: '' }, { name: '' }], productIdCloud: 7 }],
    });
  }, 90_000);

  it('shows the service-unavailable screen when the voucher cannot be held', { timeout: 30_000 }, async () => {
    const api = bookingApi([product({ id: 7, name: 'Bono 10 minutos' })]);
    voucherCompany(api);
    server.use(
      http.post('/api/booking/voucher', () =>
        HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute(`/${KNOWN_KEY}`);
    await user.click(await screen.findByRole('radio', { name: 'Bono 10 minutos' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Service temporarily unavailable' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
