import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { EventRegistration, EventRegistrationView } from '@/features/event-register/api/register-event';
import type { EventSaveRequest } from '@/features/event-register/api/save-event';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

function registration(overrides: { team?: boolean; checkboxText?: string } = {}): EventRegistration {
  const category = {
    title: 'Category',
    excluding: true,
    options: [
      { name: 'Junior', shortName: 'JR', checked: false, disabled: false },
      { name: 'Senior', shortName: 'SR', checked: false, disabled: false },
    ],
  };
  return {
    name: 'Three Hours Team Race',
    idCompany: 11,
    productOrPack: {
      id: 7,
      name: 'Team registration',
      price: 240,
      priceConverted: 240,
      simbolCoinType: '€',
      stock: 12,
      data: { checkboxText: overrides.checkboxText ?? 'Every driver is an adult.', categorys: category, categories: [category] },
      variant: { circuit: { name: 'Big Track' } },
    },
    event: {
      id: 2,
      key: 'team-race',
      dateStart: '2026-12-27 10:00:00',
      dateEnd: '2026-12-27 13:00:00',
      startsAt: '2026-12-27T09:00:00Z',
      endsAt: '2026-12-27T12:00:00Z',
      data: { type: overrides.team === false ? 'INDIVIDUAL' : 'TEAM' },
    },
    data: { templateHtml: '<p>Race</p>', companyWebUrl: 'https://norte.example', newsletterUrl: '', landing: { link: '', isNew: false, isDisabled: false } },
    company: { name: 'Circuito Norte', logo: '', primaryColor: '#c92a2a', defaultCulture: 'es-ES' },
    available: true,
    reason: null,
    prebooking: { identifier: 'hold-1', idCompany: 11, expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() },
    tokenShoppingCart: 'cart-1',
  };
}

/** The registration page's answer before the visitor holds a place. */
function look(overrides: { team?: boolean; checkboxText?: string } = {}): EventRegistrationView {
  return { ...registration(overrides), prebooking: null, tokenShoppingCart: null };
}

/**
 * Serves the registration page without a hold (GET) and the hold (POST) of the event; returns the count
 * of holds asked for.
 */
function serveRegistration(overrides: { team?: boolean; checkboxText?: string } = {}) {
  const holds = { count: 0, visitors: [] as (string | null)[] };
  server.use(
    http.get('/api/event/:key/register', () => HttpResponse.json({ data: look(overrides) })),
    http.post('/api/event/:key/register', ({ request }) => {
      holds.count++;
      holds.visitors.push(request.headers.get('X-Visitor-Id'));
      return HttpResponse.json({ data: registration(overrides) });
    }),
  );
  return holds;
}

/** Fills the form of an individual event (no age checkbox) as Ana, accepts the terms and pays. */
async function registerSoloAndPay(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('textbox', { name: /driver name/i }, { timeout: 10_000 }));
    await user.paste('Ana');
    await user.type(screen.getByRole('textbox', { name: /phone number/i }), '600123456');
    await user.click(screen.getByRole('textbox', { name: /^e-mail address/i }));
    await user.paste('ana@example.com');
    await user.click(screen.getByRole('textbox', { name: /repeat the e-mail/i }));
    await user.paste('ana@example.com');
    await user.click(screen.getByRole('radio', { name: 'Junior' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: /accept/i }));
    await user.click(screen.getByRole('button', { name: /^Pay / }));
}

describe('event registration', () => {
  it('registers a team with an exclusive category and sends the nick with its short name', async () => {
    const user = userEvent.setup({ delay: null });
    const visitors: (string | null)[] = [];
    let saved: { body: EventSaveRequest; auth: string | null } | undefined;
    const holds = serveRegistration();
    server.use(
      http.get('/api/event/:key/register', ({ request }) => {
        visitors.push(request.headers.get('X-Visitor-Id'));
        return HttpResponse.json({ data: look() });
      }),
      http.post('/api/event/saveEvent', async ({ request }) => {
        saved = { body: (await request.json()) as EventSaveRequest, auth: request.headers.get('Authorization') };
        return HttpResponse.json({ paymentURL: '/pay/sim/abc' });
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    renderRoute(`/event/team-race/register?company=${KNOWN_KEY}`);

    const name = await screen.findByRole('textbox', { name: /team name/i }, { timeout: 10_000 });
    expect(visitors[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem('pitlane.visitorId')).toBe(visitors[0]);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    // Opening the page holds nothing: no countdown, no hold asked for.
    expect(screen.queryByTestId('hold-countdown')).not.toBeInTheDocument();
    expect(holds.count).toBe(0);

    await user.click(name);
    await user.paste('Los Rápidos');
    // Starting the registration holds the place once, as this visitor; the countdown shows.
    expect(await screen.findByTestId('hold-countdown')).toBeInTheDocument();
    expect(holds.visitors).toEqual([visitors[0]]);
    await user.type(screen.getByRole('textbox', { name: /phone number/i }), '600123456');
    await user.click(screen.getByRole('textbox', { name: /^e-mail address/i }));
    await user.paste('team@example.com');
    await user.click(screen.getByRole('textbox', { name: /repeat the e-mail/i }));
    await user.paste('team@example.com');
    // The exclusive category and the age confirmation are still missing.
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Senior' }));
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Every driver is an adult.' }));
    await waitFor(() => expect(next).toBeEnabled());

    await user.click(next);
    // The stage moves the focus to its heading in an effect after the render that shows it.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Summary' }, { timeout: 5_000 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('summary-nick')).toHaveTextContent('Los Rápidos - SR');
    expect(screen.getByTestId('summary-phone')).toHaveTextContent('+34 600 12 34 56');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('240.00 €');

    // Back to the form: the short name comes off the nick again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: /team name/i })).toHaveValue('Los Rápidos');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const pay = await screen.findByRole('button', { name: /^Pay / });
    expect(pay).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /accept/i }));
    await user.click(pay);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/sim/abc'));
    // The done page after the provider shows this company's logo: the session remembers it.
    expect(sessionStorage.getItem('pitlane.companyKey')).toBe(KNOWN_KEY);
    expect(holds.count).toBe(1);
    expect(saved?.auth).toBe(`Bearer ${companyConfig().token}`);
    expect(saved?.body).toMatchObject({
      nick: 'Los Rápidos - SR',
      phone: '+34600123456',
      email: 'team@example.com',
      event: { id: 2 },
      token: 'cart-1',
      identifiersPrebooking: ['hold-1'],
      categories: ['SR'],
      ageConfirmed: true,
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Taking you to the payment' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  }, 60_000);

  it('asks for the driver name of an individual event and has no age checkbox without its text', async () => {
    serveRegistration({ team: false, checkboxText: '' });
    renderRoute('/event/solo/register');
    expect(await screen.findByRole('textbox', { name: /driver name/i }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /team name/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Registration steps' })).getByText('Your details')).toBeInTheDocument();
  });

  it('shows the timeout message when the hold expired before paying', async () => {
    const user = userEvent.setup({ delay: null });
    serveRegistration({ team: false, checkboxText: '' });
    server.use(
      http.post('/api/event/saveEvent', () => HttpResponse.json({ code: 'gone', message: 'Time is up.' }, { status: 410 })),
    );
    renderRoute(`/event/solo/register?company=${KNOWN_KEY}`);
    await registerSoloAndPay(user);
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('The time to complete your registration has run out');
  }, 60_000);

  it('takes a discount code on the summary, as the booking wizard does: a bad code is told, a good one reprices', async () => {
    const user = userEvent.setup({ delay: null });
    const applied: { token: string; discount: string; auth: string | null }[] = [];
    serveRegistration({ team: false, checkboxText: '' });
    server.use(
      http.post('/api/booking/discount', async ({ request }) => {
        const body = (await request.json()) as { token: string; discount: string };
        applied.push({ ...body, auth: request.headers.get('Authorization') });
        if (body.discount !== 'NIGHT25') {
          return HttpResponse.json({ code: 'not_found', message: 'No such code.', fields: { discount: 'unknown code' } }, { status: 404 });
        }
        return HttpResponse.json({
          data: {
            token: 'cart-1', details: [], priceConverted: 180, originalPriceConverted: 240, numParticipants: 1,
            discount: { code: 'NIGHT25', amount: 60 }, expiresAt: new Date(Date.now() + 600_000).toISOString(),
          },
        });
      }),
    );
    renderRoute(`/event/solo/register?company=${KNOWN_KEY}`);
    await user.click(await screen.findByRole('textbox', { name: /driver name/i }, { timeout: 10_000 }));
    await user.paste('Ana');
    await user.type(screen.getByRole('textbox', { name: /phone number/i }), '600123456');
    await user.click(screen.getByRole('textbox', { name: /^e-mail address/i }));
    await user.paste('ana@example.com');
    await user.click(screen.getByRole('textbox', { name: /repeat the e-mail/i }));
    await user.paste('ana@example.com');
    await user.click(screen.getByRole('radio', { name: 'Junior' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const apply = await screen.findByRole('button', { name: 'Apply' }, { timeout: 10_000 });
    expect(apply).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'WRONG');
    await user.click(apply);
    expect(await screen.findByText('This discount code does not exist.')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('240');
    await user.clear(screen.getByRole('textbox', { name: 'Discount code' }));
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'NIGHT25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('180'));
    expect(screen.getByTestId('summary-original')).toHaveTextContent('240');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('NIGHT25');
    expect(screen.getByRole('button', { name: /^Pay / })).toHaveAccessibleName(/180/);
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).not.toBeInTheDocument();
    expect(applied.map((a) => [a.token, a.discount])).toEqual([['cart-1', 'WRONG'], ['cart-1', 'NIGHT25']]);
    expect(applied[0].auth).toMatch(/^Bearer ./);
  }, 60_000);

  it('shows the fields the server refused on the form, the first focused, in the visitor’s language', async () => {
    const user = userEvent.setup({ delay: null });
    serveRegistration({ team: false, checkboxText: '' });
    server.use(
      http.post('/api/event/saveEvent', () =>
        HttpResponse.json(
          {
            code: 'unprocessable',
            message: 'The registration is not valid.',
            fields: { phone: 'must be a valid international phone number', email: 'must be a valid e-mail address' },
          },
          { status: 422 },
        ),
      ),
    );
    renderRoute(`/event/solo/register?company=${KNOWN_KEY}`);
    await registerSoloAndPay(user);

    const phone = await screen.findByRole('textbox', { name: /phone number/i }, { timeout: 5_000 });
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription('Enter a valid phone number.');
    expect(screen.getByRole('textbox', { name: /^e-mail address/i })).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.queryByText('The registration is not valid.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pay-error')).not.toBeInTheDocument();
  }, 60_000);

  it('continues with the place the visitor already holds after a reload, asking for no other', async () => {
    const user = userEvent.setup({ delay: null });
    const holds = serveRegistration({ team: false, checkboxText: '' });
    server.use(http.get('/api/event/:key/register', () => HttpResponse.json({ data: registration({ team: false, checkboxText: '' }) })));
    renderRoute(`/event/solo/register?company=${KNOWN_KEY}`);
    expect(await screen.findByTestId('hold-countdown', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: /driver name/i }));
    await user.paste('Ana');
    expect(holds.count).toBe(0);
  }, 60_000);

  it('sends a visitor who finds no place left when starting to the event page', async () => {
    const user = userEvent.setup({ delay: null });
    server.use(
      http.get('/api/event/:key/register', () => HttpResponse.json({ data: look() })),
      http.post('/api/event/:key/register', () => HttpResponse.json({ code: 'no_stock', message: 'No place left.' }, { status: 421 })),
      http.get('/api/event/:key', () =>
        HttpResponse.json({ ...registration(), available: false, reason: 'sold_out', productOrPack: { ...registration().productOrPack, stock: 0 } }),
      ),
    );
    const { router } = renderRoute('/event/team-race/register');
    await user.click(await screen.findByRole('textbox', { name: /team name/i }, { timeout: 10_000 }));
    await user.paste('Los Rápidos');
    expect(await screen.findByRole('heading', { level: 1, name: 'This race is sold out' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/event/team-race');
  }, 60_000);

  it('sends a visitor who opens the page of a sold-out event to the event page', async () => {
    const soldOut = { ...look(), available: false, reason: 'sold_out', productOrPack: { ...registration().productOrPack, stock: 0 } };
    server.use(
      http.get('/api/event/:key/register', () => HttpResponse.json({ data: soldOut })),
      http.get('/api/event/:key', () => HttpResponse.json({ ...registration(), ...soldOut })),
    );
    const { router } = renderRoute('/event/team-race/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'This race is sold out' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/event/team-race');
  });
});
