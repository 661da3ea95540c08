import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { COMPANIES_KEY, COMPANY_KEY, saveSignIn } from '@/admin/lib/session';
import { adminCompany, loginResponse, staffCompanies } from '@/admin/test/fixtures';
import { renderAdminRoute } from '@/admin/test/render';
import { server } from '@/test/server';

// The real widget solves a proof of work in a Web Worker, which jsdom lacks: a button stands in for
// ticking the box, and each reset gives a fresh payload.
vi.mock('@/components/AltchaField', () => ({
  default: ({ onChange, resetKey, error }: { onChange: (p: string | null) => void; resetKey: number; error?: string }) => (
    <div>
      <button type="button" onClick={() => onChange(`payload-${resetKey}`)}>
        Solve the captcha
      </button>
      {error && <p>{error}</p>}
    </div>
  ),
}));

describe('LoginPage', () => {
  const fields = () => ({
    email: screen.getByLabelText(/^E-mail/),
    password: screen.getByLabelText(/^Password/),
    button: screen.getByRole('button', { name: 'Log in' }),
  });

  it('enables the button only for a valid e-mail and a password, and marks a wrong address once it has an @', async () => {
    renderAdminRoute('/login');
    const { email, password, button } = fields();
    expect(email.closest('[dir]')).toHaveAttribute('dir', 'ltr'); // an address reads left to right, also in Arabic
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

  it('shows the captcha when the server asks for it, and sends the form again with a fresh payload each time', async () => {
    const bodies: unknown[] = [];
    const answers = [
      () => HttpResponse.json({ code: 'unprocessable', message: 'Solve the check.', fields: { captcha: 'required' } }, { status: 422 }),
      () => HttpResponse.json({ code: 'unprocessable', message: 'Solve the check.', fields: { captcha: 'already used' } }, { status: 422 }),
      () => HttpResponse.json(loginResponse()),
    ];
    server.use(
      http.post('/api/users/adminLogin', async ({ request }) => {
        bodies.push(await request.json());
        return answers[bodies.length - 1]();
      }),
      http.get('/api/admin/company', () => HttpResponse.json(adminCompany())),
    );
    const { router } = renderAdminRoute('/login');
    const { email, password, button } = fields();
    expect(screen.queryByRole('button', { name: 'Solve the captcha' })).not.toBeInTheDocument();
    await userEvent.type(email, 'ana@norte.test');
    await userEvent.type(password, 'secret{Enter}');

    // Asked for the check: the widget appears and the button waits for it.
    const solve = await screen.findByRole('button', { name: 'Solve the captcha' });
    expect(screen.getByText(/several failed sign-ins to this account/)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ana@norte.test', password: 'secret' }]);
    expect(button).toBeDisabled();
    await userEvent.click(solve);
    expect(button).toBeEnabled();
    await userEvent.click(button);

    // The payload was refused (already used): the widget is reset and says so; nothing else changes.
    expect(await screen.findByText('The check expired or was already used. Please tick the box again.')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ email: 'ana@norte.test', password: 'secret', captcha: 'payload-0' });
    expect(button).toBeDisabled();
    expect(router.state.location.pathname).toBe('/login');

    // Solved again, the sign-in goes through with the new payload.
    await userEvent.click(screen.getByRole('button', { name: 'Solve the captcha' }));
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(bodies[2]).toEqual({ email: 'ana@norte.test', password: 'secret', captcha: 'payload-1' });
  });

  it('switches among the seven languages above the form, Arabic right to left', async () => {
    renderAdminRoute('/login');
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'English', 'Español', 'Dansk', 'العربية', 'Deutsch', 'Norsk bokmål', 'Svenska',
    ]);
    await userEvent.selectOptions(select, 'es-ES');
    expect(await screen.findByRole('heading', { name: 'Acceso del personal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Contraseña/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'ar-SA');
    expect(await screen.findByRole('heading', { name: 'تسجيل دخول الموظفين' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
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
