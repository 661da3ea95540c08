import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { EventInfo } from '@/features/event/api/get-event';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

// The real captcha widget solves a proof of work in a Web Worker, which jsdom lacks: a button stands in.
vi.mock('@/components/AltchaField', () => ({
  default: ({ onChange, resetKey }: { onChange: (p: string | null) => void; resetKey: number }) => (
    <button type="button" onClick={() => onChange(`payload-${resetKey}`)}>
      Solve the captcha
    </button>
  ),
}));

function info(overrides: Partial<EventInfo> = {}, stock: number | null = 30): EventInfo {
  return {
    name: 'Night Cup',
    idCompany: 11,
    productOrPack: {
      id: 5,
      name: 'Night Cup registration',
      price: 45,
      priceConverted: 45,
      simbolCoinType: '€',
      stock,
      data: { checkboxText: '', categorys: null, categories: [] },
      variant: { circuit: { name: 'Big Track' } },
    },
    event: {
      id: 1,
      key: 'night',
      dateStart: '2026-12-06 20:00:00',
      dateEnd: '2026-12-06 23:00:00',
      startsAt: '2026-12-06T19:00:00Z',
      endsAt: '2026-12-06T22:00:00Z',
      data: { type: 'INDIVIDUAL' },
    },
    data: {
      templateHtml: '<h2>Under the lights</h2><p>Qualifying and <strong>final</strong>.</p>',
      companyWebUrl: 'https://norte.example',
      newsletterUrl: 'https://norte.example/newsletter',
      landing: { link: '', isNew: false, isDisabled: false },
    },
    company: { name: 'Circuito Norte', logo: '/demo/norte-logo.svg', primaryColor: '#c92a2a', defaultCulture: 'es-ES' },
    available: true,
    reason: null,
    ...overrides,
  };
}

describe('event page', () => {
  it('renders the event template and the Register button while places are left', async () => {
    server.use(http.get('/api/event/:key', () => HttpResponse.json(info({}, 4))));
    renderRoute('/event/night?company=norte');
    // The company's text takes its own direction: an Arabic page does not scramble a Latin name's punctuation.
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Cup' }, { timeout: 10_000 })).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('heading', { level: 2, name: 'Under the lights' })).toBeInTheDocument();
    expect(screen.getByText('2026-12-06', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('low-stock')).toHaveTextContent('4');
    // The company passed by its pages goes on to the registration.
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/event/night/register?company=norte');
  });

  it("with a browser language the app lacks, opens in the company's default without showing English first", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'it']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    server.use(http.get('/api/event/:key', () => HttpResponse.json(info())));
    // The Register link's text in the first render that shows it: English there would be a flash.
    let firstText: string | null = null;
    const observer = new MutationObserver(() => {
      firstText ??= document.querySelector('a[href^="/event/night/register"]')?.textContent ?? null;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderRoute('/event/night');
      expect(await screen.findByRole('link', { name: 'Inscribirme' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('lang', 'es-ES');
      expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
      expect(firstText).toBe('Inscribirme');
    } finally {
      observer.disconnect();
      vi.restoreAllMocks();
    }
  });

  it('shows the not-available page with the newsletter and the company logo when sold out', async () => {
    server.use(http.get('/api/event/:key', () => HttpResponse.json(info({ available: false, reason: 'sold_out' }, 0))));
    renderRoute('/event/night');
    expect(await screen.findByRole('heading', { level: 1, name: 'This race is sold out' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    const newsletter = screen.getByRole('link', { name: /Sign up to the newsletter/ });
    expect(newsletter).toHaveAttribute('href', 'https://norte.example/newsletter');
    expect(newsletter).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('img', { name: 'Go to the Circuito Norte website' }).closest('a')).toHaveAttribute('href', 'https://norte.example');
  });

  it("offers a sold-out event's waiting list when the company has it on, and joins it for one place", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/event/:key', () => HttpResponse.json(info({ available: false, reason: 'sold_out', companyKey: 'norte' }, 0))),
      http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ waitlistEnabled: true }))),
      http.post('/api/event/:key/waitlist', async ({ request, params }) => {
        bodies.push({ key: params.key, ...((await request.json()) as object) });
        return HttpResponse.json(
          { state: 'waiting', position: 3, numDrivers: 1, date: '2026-12-06 20:00', leaveToken: 'a'.repeat(64), offerExpiresAt: null },
          { status: 201 },
        );
      }),
    );
    renderRoute('/event/night');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join the waiting list' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    expect(within(dialog).queryByRole('textbox', { name: /Drivers/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Nora');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'nora@example.com');
    await user.click(await within(dialog).findByRole('button', { name: 'Solve the captcha' }, { timeout: 15_000 }));
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are number 3 on the waiting list.');
    expect(bodies).toEqual([{ key: 'night', name: 'Nora', email: 'nora@example.com', phone: '', culture: expect.any(String), captcha: 'payload-0' }]);
  });

  it('offers no waiting list when the company has it off', async () => {
    server.use(http.get('/api/event/:key', () => HttpResponse.json(info({ available: false, reason: 'sold_out', companyKey: 'norte' }, 0))));
    renderRoute('/event/night');
    expect(await screen.findByRole('heading', { level: 1, name: 'This race is sold out' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).not.toBeInTheDocument();
  });

  it('says registration is closed once the event has started', async () => {
    server.use(http.get('/api/event/:key', () => HttpResponse.json(info({ available: false, reason: 'started' }))));
    renderRoute('/event/night');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration is closed' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows Page not found for an unknown event', async () => {
    server.use(http.get('/api/event/:key', () => HttpResponse.json({ code: 'not_found', message: 'No event.' }, { status: 404 })));
    renderRoute('/event/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
