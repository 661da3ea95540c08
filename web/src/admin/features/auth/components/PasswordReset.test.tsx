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

describe('forgot password', () => {
  it('is reached from the sign-in page and sends the address in the page language, saying the same for any address', async () => {
    await i18n.changeLanguage('es');
    const sent: unknown[] = [];
    server.use(
      http.post('/api/users/forgot-password', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const { router } = renderAdminRoute('/login');
    await userEvent.click(await screen.findByRole('link', { name: '¿Has olvidado tu contraseña?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    const send = screen.getByRole('button', { name: 'Enviar el enlace' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'eva@norte.example');
    await userEvent.click(send);
    expect(await screen.findByText(/le hemos enviado un enlace/)).toHaveTextContent('eva@norte.example');
    expect(sent).toEqual([{ email: 'eva@norte.example', culture: 'es' }]);
  });
});

describe('the reset page', () => {
  it('names the account, takes the new password twice, then goes to sign-in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/password-resets/tok123', () => HttpResponse.json({ email: 'eva@norte.example', expiresAt: '2026-12-01T10:00:00Z' })),
      http.post('/api/password-resets/tok123', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderAdminRoute('/reset-password/tok123');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText('eva@norte.example')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The password must have at least 12 characters.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a long enough password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'another long password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent).toEqual([{ password: 'a long enough password' }]);
  });

  it('says when the link is used or expired, and offers a new one', async () => {
    server.use(http.get('/api/password-resets/used', () => HttpResponse.json({ code: 'not_found', message: 'No.' }, { status: 404 })));
    server.use(http.get('/api/password-resets/old', () => HttpResponse.json({ code: 'gone', message: 'Expired.' }, { status: 410 })));
    renderAdminRoute('/reset-password/used');
    expect(await screen.findByText('This link is not valid any more. Ask for a new one.')).toBeInTheDocument();
    renderAdminRoute('/reset-password/old');
    expect(await screen.findByText('This link expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ask for a new link' })[0]).toHaveAttribute('href', '/forgot-password');
  });
});
