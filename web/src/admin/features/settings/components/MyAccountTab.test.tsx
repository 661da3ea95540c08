import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MyAccountTab } from '@/admin/features/settings/components/MyAccountTab';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('My account', () => {
  it('says to wait, beside the current password, when the server refuses more guesses (429)', async () => {
    let calls = 0;
    server.use(
      http.get('/api/users/me', () => HttpResponse.json({ user: { id: 1, email: 'ana@norte.example', name: 'Ana' }, companies: [] })),
      http.post('/api/users/changePassword', () => {
        calls++;
        return HttpResponse.json({ code: 'too_many_requests', message: 'Too many wrong passwords.' }, { status: 429, headers: { 'Retry-After': '600' } });
      }),
    );
    renderAdmin(<MyAccountTab />);
    await userEvent.type(screen.getByLabelText('Current password'), 'a guess');
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a brand new password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Too many wrong passwords. Please wait a few minutes and try again.')).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});
