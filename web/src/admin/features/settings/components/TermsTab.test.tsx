import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { TermsTab } from '@/admin/features/settings/components/TermsTab';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const cultures = ['ar-SA', 'da-DK', 'de-DE', 'en-GB', 'es-ES', 'nb-NO', 'sv-SE'];

describe('the Terms tab', () => {
  it('adopts the neutral text in a language without terms, saves it, and marks the language as written', async () => {
    const saved: unknown[] = [];
    let terms: { culture: string; text: string }[] = [];
    server.use(
      http.get('/api/admin/terms', () => HttpResponse.json({ defaultCulture: 'es-ES', cultures, terms })),
      http.get('/api/admin/terms/starter', ({ request }) =>
        HttpResponse.json({ culture: new URL(request.url).searchParams.get('culture'), text: '<p dir="auto">Estas condiciones se aplican a Karting Norte.</p>' }),
      ),
      http.put('/api/admin/terms', async ({ request }) => {
        const body = (await request.json()) as { culture: string; text: string };
        saved.push(body);
        terms = [{ culture: body.culture, text: body.text.trim() }];
        return HttpResponse.json({ defaultCulture: 'es-ES', cultures, terms });
      }),
    );
    renderAdmin(<TermsTab idCompany={7} />);
    expect(await screen.findByText('English: none')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es-ES');
    expect(screen.getByText('There are no terms in this language yet. You can start from a neutral text and adapt it to your circuit.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save the terms' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Start from the neutral text' }));
    // The rich-text editor shows the adopted text, in the terms' language.
    const editor = await screen.findByRole('textbox', { name: /Terms in Spanish/ });
    await waitFor(() => expect(editor).toHaveTextContent('Estas condiciones se aplican a Karting Norte.'));
    expect(editor).toHaveAttribute('lang', 'es-ES');
    // A paragraph added in the HTML view.
    await userEvent.click(screen.getByRole('button', { name: 'HTML' }));
    await userEvent.type(screen.getByRole('textbox', { name: /HTML of Terms in Spanish/ }), '<p><strong>Cascos</strong> obligatorios.</p>');
    await userEvent.click(save);
    expect(await screen.findByText('Spanish: written')).toBeInTheDocument();
    expect(saved).toEqual([
      { culture: 'es-ES', text: '<p dir="auto">Estas condiciones se aplican a Karting Norte.</p><p><strong>Cascos</strong> obligatorios.</p>' },
    ]);
    expect(screen.queryByRole('button', { name: 'Start from the neutral text' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove this language' })).toBeInTheDocument();
  });

  it('writes Arabic terms right to left', async () => {
    server.use(
      http.get('/api/admin/terms', () =>
        HttpResponse.json({ defaultCulture: 'en-GB', cultures, terms: [{ culture: 'ar-SA', text: '<p dir="auto">الشروط <strong>Pitlane</strong></p>' }] }),
      ),
    );
    renderAdmin(<TermsTab idCompany={7} />);
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'ar-SA');
    const editor = await screen.findByRole('textbox', { name: /Terms in Arabic/ });
    await waitFor(() => expect(editor).toHaveTextContent('الشروط Pitlane'));
    expect(editor).toHaveAttribute('lang', 'ar-SA');
    // The box and each paragraph run in their text's direction: Arabic right to left, even in an English back office.
    expect(editor).toHaveAttribute('dir', 'auto');
    expect(editor.querySelector('p')).toHaveAttribute('dir', 'auto');
    expect(editor.querySelector('strong')).toHaveTextContent('Pitlane');
  });
});
