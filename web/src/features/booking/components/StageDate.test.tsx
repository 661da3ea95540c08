import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bookingApi, product } from '@/features/booking/testing/api-double';
import { chooseLanguage } from '@/lib/i18n';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

const slotButton = (time: string) => {
  const button = document.querySelector<HTMLButtonElement>(`button[data-time="${time}"]`);
  if (!button) throw new Error(`no session ${time}`);
  return button;
};

async function toDateStage(maxSlotsBooking = 3) {
  const api = bookingApi([product({ id: 1, name: 'Tanda adultos 10 minutos' })]);
  server.use(
    http.get('/api/config/:key', () =>
      HttpResponse.json(companyConfig({ maxSlotsBooking, showUsersAvailable: true, isPaymentsActive: 1 })),
    ),
    ...api.handlers,
  );
  const user = userEvent.setup();
  renderRoute(`/${KNOWN_KEY}`);
  await user.click(await screen.findByRole('radio', { name: 'Tanda adultos 10 minutos' }, { timeout: 10_000 }));
  await user.click(screen.getByRole('button', { name: 'One driver more' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  // The stage moves the focus to its heading in an effect after the render that shows it.
  const heading = await screen.findByRole('heading', { level: 2, name: 'Date and sessions' }, { timeout: 10_000 });
  await waitFor(() => expect(heading).toHaveFocus());
  // The sessions load after a second, skeletons meanwhile.
  expect(screen.getByTestId('slot-skeleton')).toBeInTheDocument();
  await screen.findByRole('group', { name: 'Sessions' }, { timeout: 10_000 });
  return { api, user };
}

describe('the date stage', () => {
  it('holds a session on click, frees it on a second click, and shows the places left', { timeout: 30_000 }, async () => {
    const { api, user } = await toDateStage();
    const ten = slotButton('10:00:00');
    expect(ten).toHaveAttribute('data-status', 'AVAILABLE');
    expect(within(ten).getByTestId('slot-free')).toHaveAttribute('data-color', 'green');
    // 1 free place for 2 drivers: not available.
    expect(slotButton('10:45:00')).toBeDisabled();
    expect(slotButton('10:45:00')).toHaveAttribute('data-status', 'UNAVAILABLE');

    await user.click(ten);
    await waitFor(() => expect(ten).toHaveAttribute('data-status', 'MARKED'));
    expect(ten).toHaveAttribute('aria-pressed', 'true');
    expect(within(ten).getByTestId('slot-free')).toHaveTextContent('10 free');
    expect(api.requests.find((r) => r.path === 'prebooking')?.body).toMatchObject({
      numDrivers: 2,
      idType: 1,
      type: 'PRODUCT',
      token: 'cart-1',
      price: 22,
    });
    expect(api.requests.find((r) => r.path === 'prebooking')?.headers.get('X-Visitor-Id')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 1/));
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent('Time left to finish your booking: 10 min.');

    await user.click(ten);
    await waitFor(() => expect(ten).toHaveAttribute('data-status', 'AVAILABLE'));
    await waitFor(() => expect(api.requests.some((r) => r.path === 'release pb1')).toBe(true));
  });

  it('tells the visitor who already holds a session (420) and frees it', { timeout: 30_000 }, async () => {
    const { user } = await toDateStage();
    server.use(
      http.post('/api/prebooking', () =>
        HttpResponse.json({ code: 'same_user_slot', message: 'Already held.' }, { status: 420 }),
      ),
    );
    await user.click(slotButton('10:15:00'));
    expect(await screen.findByText('You already hold this session.', {}, { timeout: 10_000 })).toBeInTheDocument();
    // The grid is loaded afresh (the other tab's hold changed the places), the session offered again.
    await waitFor(() => expect(slotButton('10:15:00')).toHaveAttribute('data-status', 'AVAILABLE'), { timeout: 10_000 });
  });

  it('refuses more sessions than maxSlotsBooking', { timeout: 30_000 }, async () => {
    const { user } = await toDateStage(1);
    await user.click(slotButton('10:00:00'));
    await waitFor(() => expect(slotButton('10:00:00')).toHaveAttribute('data-status', 'MARKED'));
    await user.click(slotButton('10:15:00'));
    expect(
      await screen.findByText('You have reached the maximum number of sessions per booking (1).', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(slotButton('10:15:00')).toHaveAttribute('data-status', 'AVAILABLE');
  });

  it("shows the server's maxSlotsBooking refusal (the cart's other items count) and keeps the held session", { timeout: 30_000 }, async () => {
    const { api, user } = await toDateStage(3);
    await user.click(slotButton('10:00:00'));
    await waitFor(() => expect(slotButton('10:00:00')).toHaveAttribute('data-status', 'MARKED'));
    server.use(
      http.post('/api/prebooking', () =>
        HttpResponse.json(
          {
            code: 'unprocessable',
            message: 'You have reached the maximum number of sessions per booking (3).',
            fields: { bookingDates: 'max_slots: at most 3 sessions in one booking' },
          },
          { status: 422 },
        ),
      ),
    );
    await user.click(slotButton('10:15:00'));
    expect(
      await screen.findByText('You have reached the maximum number of sessions per booking (3).', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(slotButton('10:15:00')).toHaveAttribute('data-status', 'AVAILABLE');
    expect(slotButton('10:00:00')).toHaveAttribute('data-status', 'MARKED');
    expect(api.requests.some((r) => r.path.startsWith('release'))).toBe(false);
  });

  it('says why Next is disabled until a session is held', { timeout: 30_000 }, async () => {
    const { user } = await toDateStage();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.getByTestId('next-hint')).toHaveTextContent('Choose a session.');
    expect(next).toHaveAccessibleDescription('Choose a session.');
    await user.click(slotButton('10:00:00'));
    await waitFor(() => expect(slotButton('10:00:00')).toHaveAttribute('data-status', 'MARKED'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    expect(screen.queryByTestId('next-hint')).not.toBeInTheDocument();
  });

  it('going back cancels the held sessions', { timeout: 30_000 }, async () => {
    const { api, user } = await toDateStage();
    await user.click(slotButton('10:30:00'));
    await waitFor(() => expect(slotButton('10:30:00')).toHaveAttribute('data-status', 'MARKED'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // The stage moves the focus to its heading in an effect after the render that shows it.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Drivers and product' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(api.requests.some((r) => r.path === 'release pb1')).toBe(true));
  });

  it('switches its texts, fetched with the stage, when the visitor changes language there', { timeout: 30_000 }, async () => {
    await toDateStage();
    // The stage's texts (bookingSteps) are not in the first download: a language chosen on this stage
    // fetches them too, and the stage shows them, not English.
    await act(() => chooseLanguage('es-ES'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Fecha y tandas' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Date and sessions' })).not.toBeInTheDocument();
  });
});
