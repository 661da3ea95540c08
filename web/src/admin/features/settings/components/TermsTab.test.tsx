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
        HttpResponse.json({ culture: new URL(request.url).searchParams.get('culture'), text: 'Estas condiciones se aplican a Karting Norte.' }),
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
    const editor = screen.getByLabelText(/Terms in Spanish/);
    await waitFor(() => expect(editor).toHaveValue('Estas condiciones se aplican a Karting Norte.'));
    expect(editor).toHaveAttribute('lang', 'es-ES');
    await userEvent.type(editor, ' Cascos obligatorios.');
    await userEvent.click(save);
    expect(await screen.findByText('Spanish: written')).toBeInTheDocument();
    expect(saved).toEqual([{ culture: 'es-ES', text: 'Estas condiciones se aplican a Karting Norte. Cascos obligatorios.' }]);
    expect(screen.queryByRole('button', { name: 'Start from the neutral text' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove this language' })).toBeInTheDocument();
  });

  it('writes Arabic terms right to left', async () => {
    server.use(
      http.get('/api/admin/terms', () => HttpResponse.json({ defaultCulture: 'en-GB', cultures, terms: [{ culture: 'ar-SA', text: 'الشروط' }] })),
    );
    renderAdmin(<TermsTab idCompany={7} />);
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'ar-SA');
    const editor = screen.getByLabelText(/Terms in Arabic/);
    expect(editor).toHaveValue('الشروط');
    expect(editor.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  });
});
