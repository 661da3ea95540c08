import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { COMPANIES_KEY, COMPANY_KEY, saveSignIn } from '@/admin/lib/session';
import { adminCompany, loginResponse, staffCompanies } from '@/admin/test/fixtures';
import { renderAdminRoute } from '@/admin/test/render';
import { server } from '@/test/server';

describe('LoginPage', () => {
  const fields = () => ({
    email: screen.getByLabelText(/^E-mail/),
    password: screen.getByLabelText(/^Password/),
    button: screen.getByRole('button', { name: 'Log in' }),
  });

  it('enables the button only for a valid e-mail and a password, and marks a wrong address once it has an @', async () => {
    renderAdminRoute('/login');
    const { email, password, button } = fields();
    expect(button).toBeDisabled();
    await userEvent.type(email, 'ana');
    expect(email).not.toHaveAttribute('aria-invalid', 'true'); // no @ yet: not marked
    await userEvent.type(email, '@norte');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    await userEvent.type(password, 'secret');
    expect(button).toBeDisabled();
    await userEvent.type(email, '.test');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(button).toBeEnabled();
    await userEvent.clear(password);
    expect(button).toBeDisabled();
  });

  it('signs in with Enter, stores the companies and the first as current, and opens /admin', async () => {
    let body: unknown;
    server.use(
      http.post('/api/users/adminLogin', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(loginResponse());
      }),
      http.get('/api/admin/company', () => HttpResponse.json(adminCompany())),
    );
    const { router } = renderAdminRoute('/login');
    const { email, password } = fields();
    await userEvent.type(email, 'ana@norte.test');
    await userEvent.type(password, 'secret{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(body).toEqual({ email: 'ana@norte.test', password: 'secret' });
    expect(JSON.parse(localStorage.getItem(COMPANIES_KEY) ?? '[]')).toEqual(['1:Circuito Norte:ADMIN', '2:Arena Karting:SUPERADMIN']);
    expect(localStorage.getItem(COMPANY_KEY)).toBe('1');
  });

  it('says so when the e-mail or password is wrong, and stays', async () => {
    server.use(
      http.post('/api/users/adminLogin', () =>
        HttpResponse.json({ code: 'unauthorized', message: 'Invalid credentials.' }, { status: 401 }),
      ),
    );
    const { router } = renderAdminRoute('/login');
    const { email, password, button } = fields();
    await userEvent.type(email, 'ana@norte.test');
    await userEvent.type(password, 'wrong');
    await userEvent.click(button);
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(COMPANIES_KEY)).toBeNull();
  });

  it('asks to wait the seconds the server names after too many attempts', async () => {
    server.use(
      http.post('/api/users/adminLogin', () =>
        HttpResponse.json({ code: 'too_many_requests', message: 'Slow down.' }, { status: 429, headers: { 'Retry-After': '42' } }),
      ),
    );
    renderAdminRoute('/login');
    const { email, password } = fields();
    await userEvent.type(email, 'ana@norte.test');
    await userEvent.type(password, 'secret{Enter}');
    expect(await screen.findByText('Too many attempts. Please wait 42 seconds and try again.')).toBeInTheDocument();
  });

  it('goes straight to /admin when the server confirms the stored sign-in', async () => {
    saveSignIn(staffCompanies(), 'Ana Ruiz');
    server.use(
      http.get('/api/users/me', () => HttpResponse.json({ user: loginResponse().user, companies: staffCompanies() })),
      http.get('/api/admin/company', () => HttpResponse.json(adminCompany())),
    );
    const { router } = renderAdminRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('forgets a stored sign-in the server no longer knows and shows the form', async () => {
    saveSignIn(staffCompanies(), 'Ana Ruiz');
    server.use(
      http.get('/api/users/me', () => HttpResponse.json({ code: 'unauthorized', message: 'Sign in.' }, { status: 401 })),
    );
    const { router } = renderAdminRoute('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(COMPANIES_KEY)).toBeNull();
  });
});
