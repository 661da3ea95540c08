import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bookingApi, product } from '@/features/booking/testing/api-double';
import { CULTURE_STORAGE_KEY } from '@/lib/i18n/languages';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

// The page, its language and the wizard's stages come in lazy chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });

/** The company's public data: the kiosk's language and idle period, and the images for the asked culture. */
function companyPublic(defaultLanguage: string, idleSeconds: number) {
  const asked: (string | null)[] = [];
  const handler = http.get('/api/company/:id', ({ request }) => {
    const culture = new URL(request.url).searchParams.get('culture');
    asked.push(culture);
    const english = culture?.startsWith('en');
    return HttpResponse.json({
      id: 1,
      name: 'Circuito Norte',
      defaultLanguage: 'es-ES',
      data: '{}',
      kiosk: { defaultLanguage, idleSeconds },
      advertising: {
        culture: english ? 'gb' : 'es',
        imgLeft: english ? '/ads/left-en.jpg' : '/ads/left-es.jpg',
        imgRight: english ? '/ads/right-en.jpg' : '/ads/right-es.jpg',
        hyperlinkLeft: 'https://sponsor.example/left',
        hyperlinkRight: null,
      },
    });
  });
  return { handler, asked };
}

describe('the kiosk page', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts in the kiosk's language with that culture's images, the left one a link", async () => {
    const api = companyPublic('es-ES', 90);
    server.use(api.handler, http.get('/api/config/:key', () => HttpResponse.json(companyConfig())));
    renderRoute(`/kiosk/${KNOWN_KEY}`);
    const left = await screen.findByTestId('kiosk-ad-left');
    expect(left).toHaveAttribute('src', '/ads/left-es.jpg');
    expect(left.closest('a')).toHaveAttribute('href', 'https://sponsor.example/left');
    expect(screen.getByTestId('kiosk-ad-right')).toHaveAttribute('src', '/ads/right-es.jpg');
    expect(screen.getByTestId('kiosk-ad-right').closest('a')).toBeNull();
    expect(sessionStorage.getItem(CULTURE_STORAGE_KEY)).toBe('es-ES');
    expect(api.asked).toContain('es-ES');
  });

  it('goes back to the first stage after the idle period without touches, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const idle = 600;
    const booking = bookingApi([product({ id: 1, name: 'Tanda adultos 10 minutos' })]);
    server.use(companyPublic('en-GB', idle).handler, ...booking.handlers);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute(`/kiosk/${KNOWN_KEY}`);
    await user.click(await screen.findByRole('radio', { name: 'Tanda adultos 10 minutos' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Date and sessions' });
    const wizard = screen.getByTestId('booking-wizard');
    expect(wizard).toHaveAttribute('data-stage', '1');

    // A touch before the period ends starts it again.
    act(() => vi.advanceTimersByTime((idle - 30) * 1000));
    expect(wizard).toHaveAttribute('data-stage', '1');
    act(() => window.dispatchEvent(new Event('pointerdown')));
    act(() => vi.advanceTimersByTime((idle - 30) * 1000));
    expect(screen.getByTestId('booking-wizard')).toHaveAttribute('data-stage', '1');

    act(() => vi.advanceTimersByTime(60 * 1000));
    await waitFor(() => expect(screen.getByTestId('booking-wizard')).toHaveAttribute('data-stage', '0'));
    expect(screen.getByRole('radio', { name: 'Tanda adultos 10 minutos' })).not.toBeChecked();
  });

  it('starts in the language its address names (?lang=), with that culture\'s images, over its own', async () => {
    const api = companyPublic('es-ES', 90);
    server.use(api.handler, http.get('/api/config/:key', () => HttpResponse.json(companyConfig())));
    renderRoute(`/kiosk/${KNOWN_KEY}?lang=en`);
    expect(await screen.findByTestId('kiosk-ad-left')).toHaveAttribute('src', '/ads/left-en.jpg');
    expect(sessionStorage.getItem(CULTURE_STORAGE_KEY)).toBe('en-GB');
    expect(api.asked).toContain('en-GB');
  });

  it('ignores a ?lang= it does not know and starts in its own language', async () => {
    const api = companyPublic('es-ES', 90);
    server.use(api.handler, http.get('/api/config/:key', () => HttpResponse.json(companyConfig())));
    renderRoute(`/kiosk/${KNOWN_KEY}?lang=xx`);
    expect(await screen.findByTestId('kiosk-ad-left')).toHaveAttribute('src', '/ads/left-es.jpg');
    expect(sessionStorage.getItem(CULTURE_STORAGE_KEY)).toBe('es-ES');
  });
});
