import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CULTURE_STORAGE_KEY } from '@/lib/i18n/languages';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

describe('language and direction', () => {
  it('switches to Arabic right-to-left, keeps the choice for the session, and back', async () => {
    renderRoute(`/${KNOWN_KEY}`);
    await screen.findByRole('img', { name: 'Circuito Norte' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en-GB');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar-SA');

    expect(await screen.findByRole('heading', { level: 1, name: 'احجز جلسة الكارتينغ الخاصة بك' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar-SA');
    expect(sessionStorage.getItem(CULTURE_STORAGE_KEY)).toBe('ar-SA');
    // Kept for the site's other tabs too (the shared choice).
    expect(localStorage.getItem(CULTURE_STORAGE_KEY)).toBe('ar-SA');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'اللغة' }), 'en-GB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book your karting session' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('sets right-to-left when the company default culture is Arabic and the browser speaks none of the seven', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'it']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    server.use(http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ defaultCulture: 'ar-SA' }))));
    renderRoute(`/${KNOWN_KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'احجز جلسة الكارتينغ الخاصة بك' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    vi.restoreAllMocks();
  });

  it("follows the browser's language before the company default (the one language rule)", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    server.use(http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ defaultCulture: 'ar-SA' }))));
    renderRoute(`/${KNOWN_KEY}`);
    await screen.findByRole('img', { name: 'Circuito Norte' });
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de-DE');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'de-DE');
    vi.restoreAllMocks();
  });

  it('takes ?lang= from the address over the browser and the company', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    server.use(http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ defaultCulture: 'es-ES' }))));
    window.history.replaceState(null, '', `/${KNOWN_KEY}?lang=sv`); // the rule reads the page's own address
    try {
      renderRoute(`/${KNOWN_KEY}?lang=sv`);
      expect(await screen.findByRole('combobox', { name: 'Språk' })).toHaveValue('sv-SE');
      expect(sessionStorage.getItem(CULTURE_STORAGE_KEY)).toBe('sv-SE');
    } finally {
      window.history.replaceState(null, '', '/');
      vi.restoreAllMocks();
    }
  });

  it('follows a language chosen in another tab of the site (the storage event), as its own choice', async () => {
    renderRoute(`/${KNOWN_KEY}`);
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('en-GB');
    // Another tab's selector writes the shared choice; the browser tells this tab with a storage event.
    localStorage.setItem(CULTURE_STORAGE_KEY, 'da-DK');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CULTURE_STORAGE_KEY, newValue: 'da-DK', storageArea: localStorage }));
    });
    expect(await screen.findByRole('combobox', { name: 'Sprog' })).toHaveValue('da-DK');
    expect(document.documentElement).toHaveAttribute('lang', 'da-DK');
    expect(sessionStorage.getItem(CULTURE_STORAGE_KEY)).toBe('da-DK');
  });

  it("a new tab starts in the language chosen in another one, over the browser's and the company's", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    localStorage.setItem(CULTURE_STORAGE_KEY, 'sv-SE'); // chosen in another tab; this tab has no choice of its own
    try {
      renderRoute(`/${KNOWN_KEY}`);
      expect(await screen.findByRole('combobox', { name: 'Språk' })).toHaveValue('sv-SE');
    } finally {
      vi.restoreAllMocks();
    }
  });
});
