import { screen, waitFor, within } from '@testing-library/react';
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
      http.get('/api/users/me/sessions', () => HttpResponse.json({ data: [] })),
      http.get('/api/users/me/second-factor', () => HttpResponse.json({ enabled: false, required: false, recoveryCodesLeft: 0 })),
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

  it('lists my sessions with this one marked, and signs out everywhere else', async () => {
    const session = (id: number, userAgent: string, current: boolean) => ({
      id,
      createdAt: '2026-11-28T08:00:00Z',
      lastSeenAt: '2026-11-28T09:00:00Z',
      expiresAt: '2026-11-28T20:00:00Z',
      userAgent,
      address: '203.0.113.9',
      current,
    });
    let sessions = [session(2, 'Phone browser', false), session(1, 'Office PC', true)];
    const ended: string[] = [];
    server.use(
      http.get('/api/users/me', () => HttpResponse.json({ user: { id: 1, email: 'ana@norte.example', name: 'Ana' }, companies: [] })),
      http.get('/api/users/me/sessions', () => HttpResponse.json({ data: sessions })),
      http.delete('/api/users/me/sessions', () => {
        ended.push('others');
        const n = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return HttpResponse.json({ ended: n });
      }),
    );
    renderAdmin(<MyAccountTab />);
    // The address reads left to right, also in Arabic.
    expect((await screen.findByLabelText('E-mail')).closest('[dir]')).toHaveAttribute('dir', 'ltr');
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByText('This session')).toBeInTheDocument();
    expect(within(rows[0]).queryByText('This session')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(screen.queryByText('Phone browser')).not.toBeInTheDocument());
    expect(screen.getByText('Office PC')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
    expect(ended).toEqual(['others']);
  });

  it('refuses a common password with the meter, as the server would, and sends nothing', async () => {
    let calls = 0;
    server.use(
      http.get('/api/users/me', () => HttpResponse.json({ user: { id: 1, email: 'ana@norte.example', name: 'Ana' }, companies: [] })),
      http.get('/api/users/me/second-factor', () => HttpResponse.json({ enabled: false, required: false, recoveryCodesLeft: 0 })),
      http.post('/api/users/changePassword', () => {
        calls++;
        return HttpResponse.json({ otherSessionsSignedOut: 0 });
      }),
    );
    renderAdmin(<MyAccountTab />);
    await userEvent.type(screen.getByLabelText('Current password'), 'the current one');
    for (const weak of ['password1234', '123456789012']) {
      await userEvent.clear(screen.getByLabelText('New password'));
      await userEvent.type(screen.getByLabelText('New password'), weak);
      expect(await screen.findByText(/Too easy to guess/, {}, { timeout: 10_000 })).toBeInTheDocument();
    }
    await userEvent.type(screen.getByLabelText('Repeat the new password'), '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(calls).toBe(0);
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'lanterns over the wet chicane');
    expect(await screen.findByText(/Strong password|Good password/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
