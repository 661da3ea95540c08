import { configure, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { COMPANY_KEY_STORAGE_KEY } from '@/lib/company-key';
import { chooseLanguage } from '@/lib/i18n';
import { CULTURE_STORAGE_KEY } from '@/lib/i18n/languages';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

// Pages, languages and dialogs come in lazy chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });

describe('booking page', { timeout: 30_000 }, () => {
  it('shows a loading state, then the company logo, the heading and the footer image', async () => {
    renderRoute(`/${KNOWN_KEY}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    const logo = await screen.findByRole('img', { name: 'Circuito Norte' });
    expect(logo).toHaveAttribute('src', '/demo/norte-logo.svg');
    expect(screen.getByRole('heading', { level: 1, name: 'Book your karting session' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('img', { name: 'Funding and sponsor information' })).toHaveAttribute(
      'src',
      '/demo/norte-footer.svg',
    );
    expect(screen.getByRole('banner')).toContainElement(logo);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows the company name as text when the logo fails to load', async () => {
    renderRoute(`/${KNOWN_KEY}`);
    const logo = await screen.findByRole('img', { name: 'Circuito Norte' });
    fireEvent.error(logo);
    expect(screen.queryByRole('img', { name: 'Circuito Norte' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Circuito Norte')).toBeInTheDocument();
  });

  it('shows the company name when the company has no logo, and no footer image when none is set', async () => {
    server.use(
      http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ logo: '', footerImage: null }))),
    );
    renderRoute(`/${KNOWN_KEY}`);
    expect(await within(await screen.findByRole('banner')).findByText('Circuito Norte')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows 'Page not found' when the company key is unknown, and remembers no company", async () => {
    renderRoute('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(sessionStorage.getItem(COMPANY_KEY_STORAGE_KEY)).toBeNull();
  });

  it('remembers the company for the session, so /terms shows its brand without ?company=', async () => {
    const { router } = renderRoute(`/${KNOWN_KEY}`);
    await screen.findByRole('img', { name: 'Circuito Norte' });
    expect(sessionStorage.getItem(COMPANY_KEY_STORAGE_KEY)).toBe(KNOWN_KEY);

    server.use(http.get('/api/termsAndConditions/:id/:culture', () => HttpResponse.json({ text: 'Terms.', culture: 'en-GB' })));
    await router.navigate('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Circuito Norte' })).toBeInTheDocument();
  });

  it('shows the error page on a server failure, and recovers on retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/config/:key', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 })
          : HttpResponse.json(companyConfig());
      }),
    );
    renderRoute(`/${KNOWN_KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops, something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'Circuito Norte' })).toBeInTheDocument();
  });

  it("uses the company's default culture when neither the visitor nor the browser names one of the seven", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    server.use(http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ defaultCulture: 'es-ES' }))));
    renderRoute(`/${KNOWN_KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reserva tu tanda de karting' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es-ES');
    vi.restoreAllMocks();
  });

  it("keeps the visitor's own choice over the company's default culture", async () => {
    await chooseLanguage('de-DE');
    expect(sessionStorage.getItem(CULTURE_STORAGE_KEY)).toBe('de-DE');
    server.use(http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ defaultCulture: 'es-ES' }))));
    renderRoute(`/${KNOWN_KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buchen Sie Ihre Kartsession' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reserva tu tanda de karting' })).not.toBeInTheDocument();
  });
});
