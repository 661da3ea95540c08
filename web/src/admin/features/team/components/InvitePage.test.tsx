import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderAdminRoute } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const info = (existingAccount: boolean) => ({
  companyName: 'Karting Norte',
  email: 'eva@norte.example',
  role: 'DESK',
  existingAccount,
  expiresAt: '2026-12-01T09:00:00Z',
});

describe('the invitation page', () => {
  it('sets a name and a password twice, then goes to sign-in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/invitations/tok123', () => HttpResponse.json(info(false))),
      http.post('/api/invitations/tok123/accept', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderAdminRoute('/invite/tok123');
    expect(await screen.findByRole('heading', { name: 'Join Karting Norte' })).toBeInTheDocument();
    expect(screen.getByText('eva@norte.example')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your name'), 'Eva');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText('The password must have at least 12 characters.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'a different password!');
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Repeat the password'));
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent).toEqual([{ name: 'Eva', password: 'a long enough password' }]);
  });

  it('asks an existing account only for its password, and says when it is wrong', async () => {
    server.use(
      http.get('/api/invitations/tok123', () => HttpResponse.json(info(true))),
      http.post('/api/invitations/tok123/accept', () =>
        HttpResponse.json({ code: 'unprocessable', message: 'The password is not right.', fields: { password: 'x' } }, { status: 422 }),
      ),
    );
    renderAdminRoute('/invite/tok123');
    expect(await screen.findByText('You already have an account with this address: enter its password to join.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Repeat the password')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'not my password');
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText('That is not the password of your account.')).toBeInTheDocument();
  });

  it('says when the link is used up or expired', async () => {
    server.use(http.get('/api/invitations/used', () => HttpResponse.json({ code: 'not_found', message: 'No.' }, { status: 404 })));
    server.use(http.get('/api/invitations/old', () => HttpResponse.json({ code: 'gone', message: 'Expired.' }, { status: 410 })));
    renderAdminRoute('/invite/used');
    expect(await screen.findByText('This invitation link is not valid any more. Ask for a new one.')).toBeInTheDocument();
    renderAdminRoute('/invite/old');
    expect(await screen.findByText('This invitation has expired. Ask for a new one.')).toBeInTheDocument();
  });

  it('reads right to left in Arabic', async () => {
    await i18n.changeLanguage('ar');
    server.use(http.get('/api/invitations/tok123', () => HttpResponse.json(info(false))));
    renderAdminRoute('/invite/tok123');
    expect(await screen.findByRole('heading', { name: 'انضم إلى Karting Norte' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('eva@norte.example')).toHaveAttribute('dir', 'ltr');
  });
});
