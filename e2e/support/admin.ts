import { expect, type Locator, type Page } from '@playwright/test';
import { serverState, type ServerState } from './state.ts';
import { circuitDay } from './booking.ts';
import { anySpace, shownDay } from './admin-format.ts';

/** A demo admin account as `serve --demo` printed it. */
export interface AdminLogin {
  email: string;
  password: string;
}

/** A company the signed-in user may manage, as the login answer lists it. */
export interface StaffCompany {
  idCompany: number;
  companyName: string;
  role: 'ADMIN' | 'SUPERADMIN';
}

/** What POST /api/users/adminLogin answers. */
export interface LoginAnswer {
  companies: StaffCompany[];
  user: { id: number; email: string; name: string };
}

/**
 * The printed demo admin whose e-mail is `email` (e.g. super@pitlane.example, admin of the three companies),
 * on the shared server or another one (its passwords are its own).
 */
export function demoAdmin(email: string, state: ServerState = serverState()): AdminLogin {
  const found = state.admins.find((a) => a.email === email);
  if (!found) throw new Error(`the server printed no admin ${email} (printed: ${state.admins.map((a) => a.email).join(', ')})`);
  return found;
}

/** The demo's support account, a SUPERADMIN of every demo company. */
export const SUPPORT = 'super@pitlane.example';
/** Fjord Karting's own admin (one company). */
export const FJORD_ADMIN = 'admin@fjordkarting.example';

/** The /login form's fields and button, in English. */
export function loginForm(page: Page): { email: Locator; password: Locator; submit: Locator } {
  return {
    email: page.getByRole('textbox', { name: 'E-mail' }),
    password: page.getByRole('textbox', { name: 'Password', exact: true }),
    submit: page.getByRole('button', { name: 'Log in' }),
  };
}

/** Signs in through /login as a person does (in English), and waits for the back office. */
export async function signInThroughUI(page: Page, login: AdminLogin): Promise<void> {
  await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(login.email);
  await form.password.fill(login.password);
  await form.submit.click();
  await expect(page).toHaveURL(/\/admin$/);
  // Staff land on Today (issue 23).
  await expectSection(page, 'Today');
}

/**
 * Signs in through the API with the page's request context, so the HttpOnly session cookie lands in the
 * browser context, then stores what /login would have stored (the companies, the current one, the user's
 * name) and opens /admin on `companyName` (default: the first company of the answer).
 */
export async function signInByApi(page: Page, login: AdminLogin, companyName?: string): Promise<LoginAnswer> {
  const answer = await page.request.post('/api/users/adminLogin', { data: { email: login.email, password: login.password } });
  expect(answer.status(), `sign-in of ${login.email}`).toBe(200);
  const body = (await answer.json()) as LoginAnswer;
  const chosen = companyName ? body.companies.find((c) => c.companyName === companyName) : body.companies[0];
  if (!chosen) throw new Error(`${login.email} has no company named ${companyName}`);
  // Any document of the origin gives its local storage: the health check, not an address of the app,
  // which would load and draw the whole customer app first (a second or more on a busy machine).
  await page.goto('/healthz');
  await page.evaluate(
    ({ companies, current, name }) => {
      localStorage.setItem('pitlane.staff.companies', JSON.stringify(companies.map((c) => `${c.idCompany}:${c.companyName}:${c.role}`)));
      localStorage.setItem('pitlane.staff.company', String(current));
      localStorage.setItem('pitlane.staff.user', name);
    },
    { companies: body.companies, current: chosen.idCompany, name: body.user.name },
  );
  await page.goto('/admin');
  await expect(publicPageLink(page, chosen.companyName)).toBeVisible();
  return body;
}

/** One of the three section switches (Bookings, Billing, KPIs: radios of a segmented control). */
export function sectionSwitch(page: Page, name: string): Locator {
  return page.getByRole('navigation').getByRole('radio', { name, exact: true });
}

/** The logo link to the company's public booking page (its accessible name names the company). */
export function publicPageLink(page: Page, companyName: string): Locator {
  return page.getByRole('link', { name: `${companyName}: public booking page` });
}

/**
 * The sections' menu button of a phone (600 pixels or less, issue 25): it is named by the current section
 * and opens a menu of the others. Absent on a wider screen, where the sections are a segmented control.
 */
export function sectionMenuButton(page: Page): Locator {
  return sectionsNav(page).getByRole('button');
}

/** The sections' navigation: the first of the page's main part (Today has a day navigation of its own below it). */
export function sectionsNav(page: Page): Locator {
  return page.getByRole('main').getByRole('navigation').first();
}

/** Whether the page shows the phone's sections menu rather than the segmented control. */
export async function sectionsAreAMenu(page: Page): Promise<boolean> {
  // The layout is chosen on the first render (no switch after it): the navigation shown is the answer.
  await expect(sectionsNav(page)).toBeVisible({ timeout: 30_000 });
  return sectionMenuButton(page).isVisible();
}

/** Expects `name` to be the current section: its radio checked, or on a phone the menu button named by it. */
export async function expectSection(page: Page, name: string): Promise<void> {
  if (await sectionsAreAMenu(page)) await expect(sectionMenuButton(page)).toHaveAccessibleName(name);
  else await expect(sectionSwitch(page, name)).toBeChecked();
}

/**
 * Chooses a section with the mouse: its label (the radio itself is visually hidden, as in every
 * segmented control), or on a phone its item in the sections menu.
 */
export async function chooseSection(page: Page, name: string): Promise<void> {
  if (await sectionsAreAMenu(page)) {
    await sectionMenuButton(page).click();
    await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
    await expect(sectionMenuButton(page)).toHaveAccessibleName(name);
    return;
  }
  await sectionsNav(page).locator('label').filter({ hasText: new RegExp(`^${name}$`) }).click();
  await expect(sectionSwitch(page, name)).toBeChecked();
}

/** A section by its heading (Bookings, Billing, KPIs). */
export function sectionRegion(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Opens the bookings section and waits for its first query (the current month) to be answered. */
export async function openBookings(page: Page): Promise<Locator> {
  await chooseSection(page, 'Bookings');
  const region = sectionRegion(page, 'Bookings');
  await expect(region).toBeVisible();
  await expect(bookingsTotals(page)).toBeVisible({ timeout: 30_000 });
  return region;
}

/** The bookings section's totals line ("Bookings: N  Sessions: N  Drivers: N"). */
export function bookingsTotals(page: Page): Locator {
  return sectionRegion(page, 'Bookings').getByRole('status').filter({ hasText: 'Bookings:' });
}

/** The number after "Bookings:" in the totals line. */
export async function bookingsCount(page: Page): Promise<number> {
  const text = (await bookingsTotals(page).textContent()) ?? '';
  const m = /Bookings:\s*(\d+)/.exec(text);
  if (!m) throw new Error(`no booking count in the totals line: ${text}`);
  return Number(m[1]);
}

/**
 * Types a day (YYYY-MM-DD) into one of the bookings section's date fields ('Start date' or 'End date')
 * and leaves it, as a person typing does.
 */
export async function typeDay(page: Page, label: 'Start date' | 'End date', day: string): Promise<void> {
  const field = sectionRegion(page, 'Bookings').getByRole('textbox', { name: label });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(day);
  await field.press('Escape');
  await field.blur();
  // The field writes the day the English back office's way ("29 Oct 2026"), not as typed.
  await expect(field).toHaveValue(new RegExp(`^${anySpace(shownDay(day))}$`));
}

/** Queries the bookings of a range by session date or by sale date, and waits for the answer. */
export async function queryBookings(
  page: Page,
  { start, end, by }: { start: string; end: string; by: 'session' | 'sale' },
): Promise<void> {
  const region = sectionRegion(page, 'Bookings');
  await region.getByRole('radio', { name: by === 'sale' ? 'Sale date' : 'Session date' }).check();
  await typeDay(page, 'Start date', start);
  await typeDay(page, 'End date', end);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/retrieve-bookings') && r.request().method() === 'POST');
  await region.getByRole('button', { name: 'Search' }).click();
  const answer = await answered;
  expect(answer.status(), 'retrieve-bookings').toBe(200);
  const sent = answer.request().postDataJSON() as { dateIni: string; dateEnd: string; filterType: string };
  expect(sent).toMatchObject({ dateIni: start, dateEnd: end, filterType: by === 'sale' ? 'fechaVenta' : 'fechaReserva' });
  await expect(bookingsList(page)).toHaveAccessibleName(
    new RegExp(`^Bookings from \u2068?${anySpace(shownDay(start))}\u2069? to \u2068?${anySpace(shownDay(end))}\u2069?$`),
  );
}

/** A day `offset` days from today (negative: past) as YYYY-MM-DD in the circuits' calendar. */
export function dayFromToday(offset: number): string {
  return circuitDay(offset);
}

/** The bookings grid, or on a phone (600 pixels or less) its list of cards; both are named by the range. */
export function bookingsList(page: Page): Locator {
  const region = sectionRegion(page, 'Bookings');
  return region.getByRole('table').or(region.getByRole('list', { name: /^Bookings / }));
}

/** The grid row of a booking, by its short reference (ABCD-2345, the grid's first column). */
export function bookingRow(page: Page, reference: string): Locator {
  return sectionRegion(page, 'Bookings').getByRole('row').filter({ has: page.getByRole('cell', { name: reference, exact: true }) });
}

/** A booking's card on a phone (600 pixels or less), by its short reference. */
export function bookingCard(page: Page, reference: string): Locator {
  return sectionRegion(page, 'Bookings')
    .getByRole('list', { name: /^Bookings / })
    .getByRole('listitem')
    .filter({ has: page.locator('bdi', { hasText: new RegExp(`^${reference}$`) }) });
}

/** A booking's grid row or, on a phone, its card: what holds its status and its actions. */
export function bookingEntry(page: Page, reference: string): Locator {
  return bookingRow(page, reference).or(bookingCard(page, reference));
}
