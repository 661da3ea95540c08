import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { billingResponse } from '@/admin/features/billing/test/fixtures';
import type { Kpi, KpiSeries } from '@/admin/features/kpi/api/kpis';
import { COMPANIES_KEY, COMPANY_KEY, saveSignIn } from '@/admin/lib/session';
import { adminCompany, staffCompanies } from '@/admin/test/fixtures';
import { renderAdminRoute } from '@/admin/test/render';
import { screenWidth } from '@/admin/test/screen-width';
import { server } from '@/test/server';

/** The company endpoint: company 1 is Circuito Norte (ADMIN), 2 Arena Karting (SUPERADMIN, advertising on). */
function companies(requested: number[] = []) {
  return http.get('/api/admin/company', ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('idCompany'));
    requested.push(id);
    if (id === 2) {
      return HttpResponse.json(
        adminCompany({ idCompany: 2, companyName: 'Arena Karting', role: 'SUPERADMIN', publicKey: 'arena', advertisingActive: true }),
      );
    }
    return HttpResponse.json(adminCompany());
  });
}

/** A KPI answer with every figure at zero. */
const zeroKpi: Kpi = { total: 0, average: 0, previous: 0, increment: 0, simbolCoinType: '€', averageAge: 0, averageSession: 0 };
const noSeries: KpiSeries = { simbolCoinType: '€', days: [] };

/**
 * The calls of the Today section (the default), the billing and the KPI sections, which the shell renders for real:
 * answered, so no test leaves an unhandled request behind.
 */
function sectionCalls() {
  return [
    http.get('/api/admin/today', ({ request }) =>
      HttpResponse.json({
        date: new URL(request.url).searchParams.get('date') ?? '2026-03-15',
        timeZone: 'Europe/Madrid',
        expectedDrivers: 0,
        arrivedDrivers: 0,
        sessions: [],
      }),
    ),
    http.post('/api/admin/retrieveBillingBetweenDates', () => HttpResponse.json(billingResponse())),
    http.post('/api/kpi/ticket/totalBilling', () => HttpResponse.json(zeroKpi)),
    http.get('/api/kpi/ticket', () => HttpResponse.json(zeroKpi)),
    http.get('/api/kpi/ticket/average', () => HttpResponse.json(zeroKpi)),
    http.get('/api/kpi/member', () => HttpResponse.json(zeroKpi)),
    http.get('/api/kpi/member/:kind', () => HttpResponse.json(zeroKpi)),
    http.get('/api/kpi/participant', () => HttpResponse.json(zeroKpi)),
    http.get('/api/kpi/series', () => HttpResponse.json(noSeries)),
  ];
}

/** How long a lazily loaded section may take to appear on a busy machine (its chunk is imported on first use). */
const SECTION_TIMEOUT = { timeout: 15_000 };

describe('AdminPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    saveSignIn(staffCompanies(), 'Ana Ruiz');
    server.use(...sectionCalls());
  });

  it('sends a browser without a stored sign-in to /login', async () => {
    localStorage.clear();
    const { router } = renderAdminRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([400, 401, 403, 404])('ends the session when the company answers %i', async (status) => {
    server.use(http.get('/api/admin/company', () => HttpResponse.json({ code: 'forbidden', message: 'No.' }, { status })));
    const { router } = renderAdminRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(COMPANIES_KEY)).toBeNull();
    expect(localStorage.getItem(COMPANY_KEY)).toBeNull();
  });

  it("ends the session when a section's call answers 401", async () => {
    server.use(
      companies(),
      http.post('/api/admin/retrieve-bookings', () => HttpResponse.json({ code: 'unauthorized', message: 'Sign in.' }, { status: 401 })),
    );
    const { router } = renderAdminRoute('/admin');
    await userEvent.click(await screen.findByRole('radio', { name: 'Bookings' }));
    // The bookings section is loaded lazily before it makes its call.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), SECTION_TIMEOUT);
    expect(localStorage.getItem(COMPANIES_KEY)).toBeNull();
  });

  it('shows an error with a retry when the company fails otherwise', async () => {
    let calls = 0;
    server.use(
      http.get('/api/admin/company', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ code: 'internal', message: 'Oops.' }, { status: 500 }) : HttpResponse.json(adminCompany());
      }),
    );
    renderAdminRoute('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Circuito Norte: public booking page' })).toHaveAttribute('href', '/norte');
  });

  it('opens on Today, with the logo linking to the public booking page', async () => {
    server.use(companies());
    renderAdminRoute('/admin');
    expect(await screen.findByRole('link', { name: 'Circuito Norte: public booking page' })).toHaveAttribute('href', '/norte');
    expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
    expect(await screen.findByRole('region', { name: 'Today' }, SECTION_TIMEOUT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Billing' }));
    expect(await screen.findByRole('region', { name: 'Billing' }, SECTION_TIMEOUT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'KPIs' }));
    expect(await screen.findByRole('region', { name: 'KPIs' }, SECTION_TIMEOUT)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('offers the sections as a menu opened from the current one on a phone (390 px)', async () => {
    const restore = screenWidth(390);
    try {
      server.use(companies());
      renderAdminRoute('/admin');
      const nav = await screen.findByRole('navigation', { name: 'Sections' });
      expect(within(nav).queryByRole('radio')).not.toBeInTheDocument();
      const current = within(nav).getByRole('button', { name: 'Today' });
      expect(await screen.findByRole('region', { name: 'Today' }, SECTION_TIMEOUT)).toBeInTheDocument();
      await userEvent.click(current);
      const menu = await screen.findByRole('menu');
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Today', 'Bookings', 'Billing', 'KPIs', 'Events']);
      expect(within(menu).getByRole('menuitem', { name: 'Today' })).toHaveAttribute('aria-current', 'true');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Billing' }));
      expect(await screen.findByRole('region', { name: 'Billing' }, SECTION_TIMEOUT)).toBeInTheDocument();
      expect(within(nav).getByRole('button', { name: 'Billing' })).toBeInTheDocument();
      // The keyboard: the menu opens with Enter and moves with the arrows.
      within(nav).getByRole('button', { name: 'Billing' }).focus();
      await userEvent.keyboard('{Enter}');
      await screen.findByRole('menu');
      for (let i = 0; i < 6 && document.activeElement?.textContent !== 'KPIs'; i++) await userEvent.keyboard('{ArrowDown}');
      expect(document.activeElement).toHaveAttribute('role', 'menuitem');
      await userEvent.keyboard('{Enter}');
      expect(await screen.findByRole('region', { name: 'KPIs' }, SECTION_TIMEOUT)).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('lists the companies by name and switching loads the chosen one and remembers it', async () => {
    const requested: number[] = [];
    server.use(companies(requested));
    renderAdminRoute('/admin');
    const switcher = await screen.findByRole('combobox', { name: 'Company' });
    await userEvent.click(switcher);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Arena Karting', 'Circuito Norte']);
    await userEvent.click(screen.getByRole('option', { name: 'Arena Karting' }));
    expect(await screen.findByRole('link', { name: 'Arena Karting: public booking page' })).toHaveAttribute('href', '/arena');
    expect(requested).toEqual([1, 2]);
    expect(localStorage.getItem(COMPANY_KEY)).toBe('2');
  });

  it('shows only the company name when the user has one company', async () => {
    saveSignIn([staffCompanies()[0]], 'Ana Ruiz');
    server.use(companies());
    renderAdminRoute('/admin');
    await screen.findByRole('link', { name: 'Circuito Norte: public booking page' });
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.getByText('Circuito Norte')).toBeInTheDocument();
  });

  it("shows an ADMIN neither event creation nor advertising when the company's advertising is off", async () => {
    server.use(companies());
    renderAdminRoute('/admin');
    await userEvent.click(await screen.findByRole('button', { name: /User menu of Ana Ruiz$/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeEnabled();
    expect(within(menu).queryByRole('menuitem', { name: /Create event/ })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Advertising/ })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'AR – User menu of Ana Ruiz' })).toHaveTextContent('AR');
  });

  it('shows a SUPERADMIN event creation and, with advertising active, advertising', async () => {
    localStorage.setItem(COMPANY_KEY, '2');
    server.use(companies());
    renderAdminRoute('/admin');
    await userEvent.click(await screen.findByRole('button', { name: /User menu of Ana Ruiz$/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Create event/ })).toBeEnabled();
    expect(within(menu).getByRole('menuitem', { name: /Advertising/ })).toBeEnabled();
  });

  it('opens a DESK member on Today, with no section, menu entry or dialog whose calls the role may not make', async () => {
    server.use(
      http.get('/api/admin/company', () => HttpResponse.json(adminCompany({ role: 'DESK', advertisingActive: true }))),
      http.post('/api/admin/retrieve-bookings', () => HttpResponse.json([])),
      http.get('/api/users/me', () => HttpResponse.json({ user: { id: 7, name: 'Ana Ruiz', email: 'ana@norte.example' }, companies: [] })),
      http.get('/api/users/me/sessions', () => HttpResponse.json({ data: [] })),
      http.put('/api/users/me', async ({ request }) => {
        const body = (await request.json()) as { name: string; email: string };
        return HttpResponse.json({ user: { id: 7, name: body.name, email: body.email }, companies: [] });
      }),
    );
    renderAdminRoute('/admin');
    const sections = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(sections).getByRole('radio', { name: 'Today' })).toBeChecked();
    expect(within(sections).getByRole('radio', { name: 'Bookings' })).toBeInTheDocument();
    for (const name of ['Billing', 'KPIs', 'Events']) expect(within(sections).queryByRole('radio', { name })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /User menu of Ana Ruiz$/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Advertising/ })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Create event/ })).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'My account' }));
    const account = await screen.findByRole('dialog', { name: 'My account' }, SECTION_TIMEOUT);
    // A new name shows in the top bar's initials at once, not after the next sign-in.
    const name = within(account).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Ana Ruiz'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Luis Gómez');
    await userEvent.click(within(account).getByRole('button', { name: 'Save name and e-mail' }));
    expect(await screen.findByRole('button', { name: 'LG – User menu of Luis Gómez' })).toHaveTextContent('LG');
  });

  it('logs out: ends the session on the server, forgets it here and goes to /login', async () => {
    let loggedOut = false;
    server.use(
      companies(),
      http.post('/api/users/logout', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderAdminRoute('/admin');
    await userEvent.click(await screen.findByRole('button', { name: /User menu of Ana Ruiz$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem(COMPANIES_KEY)).toBeNull();
  });

  it('mirrors the page in Arabic', async () => {
    server.use(companies());
    renderAdminRoute('/admin');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ar-SA');
    expect(await screen.findByRole('radio', { name: 'اليوم' })).toBeChecked();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar-SA');
  });
});

describe('AdminNotFound', () => {
  it("says 'Page not found' for another back-office address", async () => {
    renderAdminRoute('/admin/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
