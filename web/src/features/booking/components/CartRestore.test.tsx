import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bookingApi, product } from '@/features/booking/testing/api-double';
import { INITIAL_STATE, type WizardState } from '@/features/booking/utils/wizard-state';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

/** A visitor who had chosen a product and reached the date stage, then reloaded the page. */
function reloadedOnTheDateStage() {
  const stored: WizardState = { ...INITIAL_STATE, stage: 1, cartToken: 'cart-1', productId: 7, drivers: 2 };
  sessionStorage.setItem(`pitlane.booking.${KNOWN_KEY}`, JSON.stringify(stored));
}

describe('the cart after a reload', () => {
  afterEach(() => sessionStorage.clear());

  it('a failed cart load shows an error with retry, and retry brings the booking back', { timeout: 60_000 }, async () => {
    const api = bookingApi([product({ id: 7, name: 'Adultos 10 minutos' })]);
    let failing = true;
    server.use(
      http.get('/api/config/:key', () => HttpResponse.json(companyConfig())),
      http.get('/api/payment/shopping-cart/:token', () =>
        failing ? HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 }) : undefined,
      ),
      ...api.handlers,
    );
    reloadedOnTheDateStage();
    renderRoute(`/${KNOWN_KEY}`);

    const error = await screen.findByTestId('cart-load-error', {}, { timeout: 10_000 });
    expect(error).toHaveTextContent('Your booking could not be loaded');
    // Not silently reset: no stage is shown and the stored booking is kept for the retry.
    expect(screen.queryByRole('heading', { level: 2, name: 'Drivers and product' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(`pitlane.booking.${KNOWN_KEY}`)).toContain('cart-1');

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Date and sessions' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-load-error')).not.toBeInTheDocument();
  });

  it('"Start again" gives the stored booking up', { timeout: 60_000 }, async () => {
    const api = bookingApi([product({ id: 7, name: 'Adultos 10 minutos' })]);
    server.use(
      http.get('/api/config/:key', () => HttpResponse.json(companyConfig())),
      http.get('/api/payment/shopping-cart/:token', () => HttpResponse.error()),
      ...api.handlers,
    );
    reloadedOnTheDateStage();
    renderRoute(`/${KNOWN_KEY}`);
    await screen.findByTestId('cart-load-error', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Drivers and product' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('a cart the server no longer knows (404) says the booking expired and starts again', { timeout: 60_000 }, async () => {
    const api = bookingApi([product({ id: 7, name: 'Adultos 10 minutos' })]);
    server.use(
      http.get('/api/config/:key', () => HttpResponse.json(companyConfig())),
      http.get('/api/payment/shopping-cart/:token', () => HttpResponse.json({ code: 'not_found', message: 'No such cart.' }, { status: 404 })),
      ...api.handlers,
    );
    reloadedOnTheDateStage();
    renderRoute(`/${KNOWN_KEY}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Drivers and product' }, { timeout: 10_000 })).toBeInTheDocument();
    const notice = screen.getByTestId('expired-notice');
    expect(notice).toHaveTextContent('Your booking expired');
    expect(notice).toHaveTextContent('the places held for it were released');
    expect(screen.queryByTestId('cart-load-error')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(`pitlane.booking.${KNOWN_KEY}`)).not.toContain('cart-1');

    // Choosing again is a new booking: the notice goes.
    await userEvent.click(screen.getByRole('radio', { name: 'Adultos 10 minutos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Date and sessions' }, { timeout: 10_000 });
    expect(screen.queryByTestId('expired-notice')).not.toBeInTheDocument();
  });

  it('a stored cart that was never used (nothing chosen) starts again without a notice', { timeout: 60_000 }, async () => {
    const api = bookingApi([product({ id: 7, name: 'Adultos 10 minutos' })]);
    server.use(
      http.get('/api/config/:key', () => HttpResponse.json(companyConfig())),
      http.get('/api/payment/shopping-cart/:token', () => HttpResponse.json({ code: 'not_found', message: 'No such cart.' }, { status: 404 })),
      ...api.handlers,
    );
    sessionStorage.setItem(`pitlane.booking.${KNOWN_KEY}`, JSON.stringify({ ...INITIAL_STATE, cartToken: 'cart-1' }));
    renderRoute(`/${KNOWN_KEY}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Drivers and product' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('expired-notice')).not.toBeInTheDocument();
  });
});
