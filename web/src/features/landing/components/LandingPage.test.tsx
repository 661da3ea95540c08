import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CompanyLanding } from '@/features/landing/api/get-landing';
import type { EventsLanding } from '@/features/landing/api/get-events-landing';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

const company = { name: 'Circuito Norte', logo: '', primaryColor: '#c92a2a', defaultCulture: 'es-ES' };

function landing(buttons: CompanyLanding['buttons']): CompanyLanding {
  const categories = [...new Set(buttons.map((b) => b.category ?? null))];
  return { company, buttons, groups: categories.map((category) => ({ category, buttons: buttons.filter((b) => (b.category ?? null) === category) })) };
}

describe('company landing', { timeout: 20_000 }, () => {
  it('groups the buttons by category, badges the new ones and disables the disabled ones', async () => {
    server.use(
      http.get('/api/landing/:key', () =>
        HttpResponse.json({
          data: landing([
            { title: 'Book a session', link: '/norte', isNew: false, isDisabled: false, category: 'Bookings' },
            { title: 'Gift vouchers', link: '/norte?voucher=1', isNew: false, isDisabled: true, category: 'Bookings' },
            { title: 'Night Cup', link: '/event/night', isNew: true, isDisabled: false, category: 'Events' },
          ]),
        }),
      ),
    );
    renderRoute(`/${KNOWN_KEY}/landing`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Circuito Norte' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Bookings', 'Events']);

    const cup = screen.getByRole('link', { name: /Night Cup/ });
    expect(within(cup).getByText('New')).toBeInTheDocument();
    expect(cup).toHaveAttribute('href', '/event/night');
    expect(cup).toHaveAttribute('target', '_blank');
    expect(cup).toHaveAttribute('rel', expect.stringContaining('noopener'));

    const vouchers = screen.getByRole('link', { name: /Gift vouchers/ });
    expect(vouchers).toHaveAttribute('aria-disabled', 'true');
    expect(vouchers).not.toHaveAttribute('href');
    expect(within(vouchers).queryByText('New')).not.toBeInTheDocument();
  });

  it('never puts a javascript: or data: link in an href, even one the server let through', async () => {
    const payloads = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'vbscript:msgbox(1)', '//xss.example/x'];
    server.use(
      http.get('/api/landing/:key', () =>
        HttpResponse.json({
          data: landing([
            ...payloads.map((link, i) => ({ title: `Bad ${i}`, link, isNew: false, isDisabled: false })),
            { title: 'Our web', link: 'https://norte.example/', isNew: false, isDisabled: false },
          ]),
        }),
      ),
    );
    renderRoute(`/${KNOWN_KEY}/landing`);
    expect(await screen.findByRole('link', { name: /Our web/ }, { timeout: 10_000 })).toHaveAttribute('href', 'https://norte.example/');
    payloads.forEach((_, i) => {
      const bad = screen.getByRole('link', { name: new RegExp(`Bad ${i}`) });
      expect(bad).not.toHaveAttribute('href');
      expect(bad).toHaveAttribute('aria-disabled', 'true');
    });
    const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')?.toLowerCase() ?? '');
    expect(hrefs.filter((h) => h.includes('script:') || h.startsWith('data:'))).toEqual([]);
  });

  it("shows the 'no landing' warning page when the company has no buttons", async () => {
    server.use(http.get('/api/landing/:key', () => HttpResponse.json({ data: { ...landing([]), warning: 'no_landing' } })));
    renderRoute(`/${KNOWN_KEY}/landing`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This company has no landing page' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('events landing', () => {
  it('lists the events, warns about an empty link and shows WhatsApp and the newsletter', async () => {
    const body: EventsLanding = {
      company,
      events: [
        { id: 1, name: 'Night Cup', dateStart: '2026-12-06 20:00:00', key: 'night', link: '/event/night', isNew: true, isDisabled: false },
        { id: 2, name: 'Team Race', dateStart: '2026-12-27 10:00:00', key: 'team', link: '', isNew: false, isDisabled: false, warning: 'empty_link' },
      ],
      whatsapp: 'Write START to +34 600 123 456.',
      newsletterUrl: 'https://norte.example/newsletter',
    };
    server.use(http.get('/api/landing/:key/events', () => HttpResponse.json({ data: body })));
    renderRoute(`/${KNOWN_KEY}/landingEvents`);
    const cup = await screen.findByRole('link', { name: /Night Cup/ }, { timeout: 10_000 });
    expect(cup).toHaveTextContent('2026-12-06 20:00');
    expect(within(cup).getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Team Race/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('empty-link')).toHaveTextContent('Registration for this race is not open yet.');
    expect(screen.getByTestId('whatsapp')).toHaveTextContent('Write START to +34 600 123 456.');
    expect(screen.getByRole('link', { name: /Sign up to the newsletter/ })).toHaveAttribute('href', body.newsletterUrl);
  });

  it('shows the warning page when the events cannot be loaded', async () => {
    server.use(http.get('/api/landing/:key/events', () => HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 })));
    renderRoute(`/${KNOWN_KEY}/landingEvents`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Events are unavailable' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);
});
