import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adImage } from '@/features/booking/components/AdBanner';
import { companyConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

const publi = {
  isActive: true,
  imgLeftDefault: '/demo/left-es.svg',
  imgRightDefault: '/demo/right-es.svg',
  imgLeftENG: '/demo/left-en.svg',
  imgRightENG: null,
  hyperlinkLeft: 'https://example.com/party',
  hyperlinkRight: null,
};

function windowWidth(width: number) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity);
    return { ...original(query), matches: width >= min };
  };
  return () => void (window.matchMedia = original);
}

describe('side advertising', () => {
  it('uses the English image for English visitors when there is one, else the default', () => {
    expect(adImage(publi, 'left', 'en')).toBe('/demo/left-en.svg');
    expect(adImage(publi, 'left', 'es')).toBe('/demo/left-es.svg');
    expect(adImage(publi, 'right', 'en')).toBe('/demo/right-es.svg');
    expect(adImage({ isActive: true }, 'right', 'en')).toBeNull();
  });

  it('shows both banners on a wide window, the linked one opening in a new tab', async () => {
    const restore = windowWidth(1280);
    server.use(http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ publi }))));
    renderRoute(`/${KNOWN_KEY}`);
    const left = await screen.findByRole('complementary', { name: 'Advertisement 1' });
    const link = within(left).getByRole('link');
    expect(link).toHaveAttribute('href', 'https://example.com/party');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(left).getByRole('img', { name: 'Advertisement' })).toHaveAttribute('src', '/demo/left-en.svg');
    const right = screen.getByRole('complementary', { name: 'Advertisement 2' });
    expect(within(right).queryByRole('link')).not.toBeInTheDocument();
    restore();
  });

  it('shows no banner on a narrow window', async () => {
    const restore = windowWidth(1100);
    server.use(http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ publi }))));
    renderRoute(`/${KNOWN_KEY}`);
    await screen.findByRole('img', { name: 'Circuito Norte' });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    restore();
  });

  it('shows no banner when the company has advertising off', async () => {
    const restore = windowWidth(1600);
    server.use(
      http.get('/api/config/:key', () => HttpResponse.json(companyConfig({ publi: { ...publi, isActive: false } }))),
    );
    renderRoute(`/${KNOWN_KEY}`);
    await screen.findByRole('img', { name: 'Circuito Norte' });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    restore();
  });
});
