import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { COMPANY_KEY_STORAGE_KEY } from '@/lib/company-key';
import { renderRoute } from '@/test/render';
import { KNOWN_KEY, server } from '@/test/server';

// Pages come in lazy chunks and wait for requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const TERMS: Record<string, string> = {
  'en-GB': 'Booking terms – Circuito Norte\n\n1. Bookings. Confirmed by e-mail.\n2. Payment. Online by card.',
  'es-ES': 'Condiciones – Circuito Norte\n\n1. Reservas. Se confirman por correo.',
};

function termsAnswer() {
  const asked: string[] = [];
  server.use(
    http.get('/api/termsAndConditions/:id/:culture', ({ params }) => {
      asked.push(`${params.id}/${params.culture}`);
      const culture = String(params.culture) in TERMS ? String(params.culture) : 'en-GB';
      return HttpResponse.json({ culture, text: TERMS[culture] });
    }),
  );
  return asked;
}

describe('terms page', { timeout: 20_000 }, () => {
  it("shows the terms of the company named in the query, under the company's header", async () => {
    const asked = termsAnswer();
    renderRoute(`/terms?company=${KNOWN_KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Circuito Norte' })).toBeInTheDocument();
    const text = await screen.findByTestId('terms-text');
    expect(text).toHaveTextContent('2. Payment. Online by card.');
    expect(text).toHaveAttribute('lang', 'en-GB');
    expect(asked).toEqual(['11/en-GB']);
    expect(screen.getByRole('link', { name: 'Back to booking' })).toHaveAttribute('href', `/${KNOWN_KEY}`);
  });

  it('uses the company of the booking page visited last, and follows the language', async () => {
    sessionStorage.setItem(COMPANY_KEY_STORAGE_KEY, KNOWN_KEY);
    termsAnswer();
    renderRoute('/terms');
    await screen.findByText(/Online by card/);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es-ES');
    expect(await screen.findByText(/Se confirman por correo/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeInTheDocument();
  });

  it("says so when the terms are not in the visitor's language", async () => {
    termsAnswer();
    renderRoute(`/terms?company=${KNOWN_KEY}`);
    await screen.findByTestId('terms-text');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de-DE');
    expect(
      await screen.findByText('Die Bedingungen gibt es nicht in Ihrer Sprache; sie werden auf English angezeigt.'),
    ).toBeInTheDocument();
  });

  it('explains when the company has published no terms', async () => {
    server.use(
      http.get('/api/termsAndConditions/:id/:culture', () =>
        HttpResponse.json({ code: 'not_found', message: 'No terms.' }, { status: 404 }),
      ),
    );
    renderRoute(`/terms?company=${KNOWN_KEY}`);
    expect(await screen.findByText('No terms published')).toBeInTheDocument();
  });

  it('asks which circuit when no company is known', async () => {
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: "Which circuit's terms?" })).toBeInTheDocument();
  });

  it("shows 'Page not found' for an unknown company", async () => {
    renderRoute('/terms?company=nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
