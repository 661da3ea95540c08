import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  bookingIdOf,
  company,
  payWithCard,
  startBooking,
  toSummary,
  uniqueEmail,
} from './booking.ts';
import { DEMO, serverState, type ServerState } from './state.ts';
import { anySpace, shownDay } from './admin-format.ts';

/** A company the signed-in demo admin manages, as the login answer lists it. */
export interface SignedIn {
  idCompany: number;
  companyName: string;
  email: string;
}

/**
 * Signs a demo admin in through the API (POST /api/users/adminLogin with page.request, which shares the
 * browser context's cookies, so the HttpOnly session cookie is set for the page), stores what the login page
 * stores (the companies, `companyName` as the current one, the user's name) and opens /admin in English.
 * Uses the first demo admin printed by the server who manages `companyName`: the shared server, or the one
 * of `state` (the page's baseURL must then be that server's, as in support/own-server.ts).
 */
export async function openAdmin(page: Page, companyName: string = DEMO.norte, state: ServerState = serverState()): Promise<SignedIn> {
  for (const admin of state.admins) {
    const answer = await page.request.post('/api/users/adminLogin', { data: { email: admin.email, password: admin.password } });
    expect(answer.status(), `login of ${admin.email}`).toBe(200);
    const body = (await answer.json()) as {
      companies: { idCompany: number; companyName: string; role: string }[];
      user: { name: string };
    };
    const chosen = body.companies.find((c) => c.companyName === companyName);
    if (!chosen) {
      await page.request.post('/api/users/logout', { headers: { Origin: state.baseURL } });
      continue;
    }
    const triples = body.companies.map((c) => `${c.idCompany}:${c.companyName}:${c.role}`);
    await page.addInitScript(
      ({ triples, id, name }) => {
        sessionStorage.setItem('pitlane.culture', 'en-GB');
        // Only the first time: a company chosen in the page later is kept across reloads.
        if (localStorage.getItem('pitlane.staff.companies')) return;
        localStorage.setItem('pitlane.staff.companies', JSON.stringify(triples));
        localStorage.setItem('pitlane.staff.company', String(id));
        localStorage.setItem('pitlane.staff.user', name);
      },
      { triples, id: chosen.idCompany, name: body.user.name },
    );
    await page.goto('/admin');
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible({ timeout: 30_000 });
    return { idCompany: chosen.idCompany, companyName, email: admin.email };
  }
  throw new Error(`no demo admin printed by the server manages ${companyName}`);
}

/**
 * Opens a section of the back office by its name in the sections bar (Bookings, Billing, KPIs), or on a
 * phone (600 pixels or less) in the sections menu.
 */
export async function openSection(page: Page, name: 'Bookings' | 'Billing' | 'KPIs'): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const menu = nav.getByRole('button');
  // The layout is chosen on the first render (no switch after it): the navigation shown is the answer.
  await expect(nav).toBeVisible({ timeout: 30_000 });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
    await expect(menu).toHaveAccessibleName(name);
    return;
  }
  await nav.getByText(name, { exact: true }).click();
}

/** A sale paid online, with the contact's unique e-mail, the booking's identifier and its short reference. */
export interface OnlineSale {
  email: string;
  identifier: string;
  /** The short reference the back office names the sale by (ABCD-2345). */
  reference: string;
}

/**
 * A fresh sale paid online at Circuito Norte: one driver of 'Tanda adultos 15 minutos' booked through the
 * wizard in English (at `time`, some days ahead), paid on the simulated provider's card page with an approved
 * test card; waits until the booking is paid.
 */
export async function payOnlineSaleAtNorte(page: Page, time = '12:30:00'): Promise<OnlineSale> {
  const email = uniqueEmail('refund');
  const session = { day: bookableDay(6), time };
  await startBooking(page, company(DEMO.norte), { product: 'Tanda adultos 15 minutos', drivers: 1, session });
  await toSummary(page, { nombre: 'Rosa', apellidos: 'Vidal', email, phone: '611222333' }, [{ name: 'Rosa', email: uniqueEmail('rosa') }]);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create and pay' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/success\?booking=/, { timeout: 30_000 });
  const identifier = bookingIdOf(page);
  await expect(async () => {
    const status = (await (await page.request.get(`/api/booking/status/${identifier}`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ status: 'pagada', paymentMode: 'online', paymentStatus: 'approved' });
  }).toPass({ timeout: 30_000 });
  return { email, identifier, reference: await referenceOf(page.request, identifier) };
}

/** A booking's short reference (ABCD-2345), from the done page's summary of it. */
export async function referenceOf(request: APIRequestContext, identifier: string): Promise<string> {
  const answer = await request.get(`/api/booking/summary/${identifier}`);
  expect(answer.status(), 'booking summary').toBe(200);
  const { reference } = (await answer.json()) as { reference: string };
  expect(reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  return reference;
}

/** Today (YYYY-MM-DD) in a time zone, as the back office computes it. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** Types a day (YYYY-MM-DD) into a labelled date field of the back office and leaves it. */
export async function typeDay(page: Page, label: 'Start date' | 'End date', day: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label });
  await field.fill(day);
  await field.press('Tab');
  await page.keyboard.press('Escape');
}

/** In billing: sets the range, sends the query and waits for the heading that names it. */
export async function queryBilling(page: Page, start: string, end: string): Promise<void> {
  // The back office opens on Today (issue 23): billing is a section away.
  await openSection(page, 'Billing');
  await typeDay(page, 'Start date', start);
  await typeDay(page, 'End date', end);
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/retrieveBillingBetweenDates') && r.ok());
  await page.getByRole('button', { name: 'Send query' }).click();
  await answer;
  // English writes days as "1 Nov 2026" (the back office formatter), each wrapped in Unicode isolates.
  await expect(
    page.getByRole('heading', { level: 3, name: new RegExp(`^Sales from \\W?${anySpace(shownDay(start))}\\W? to \\W?${anySpace(shownDay(end))}\\W?$`) }),
  ).toBeVisible();
}

/** Reads an amount as the English interface writes it (€1,234.50, -€10.00, kr.199.00) as a number. */
export function amountOf(text: string): number {
  const number = /\d[\d,]*(\.\d+)?/.exec(text);
  if (!number) throw new Error(`no amount in "${text}"`);
  const value = Number(number[0].replaceAll(',', ''));
  return /[-−]/.test(text.slice(0, number.index)) ? -value : value;
}

/**
 * The sales table's rows (its body rows, whatever is shown after search and filters), or on a phone (600
 * pixels or less) its cards; each carries data-testid sale-{id}.
 */
export function saleRows(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Sales detail' })
    .locator('tbody tr[data-testid^="sale-"]')
    .or(page.getByRole('list', { name: 'Sales detail' }).locator('[role="listitem"][data-testid^="sale-"]'));
}

/** The value (dd) of a labelled figure (dt) inside a box. */
export function figure(box: Locator, label: string): Locator {
  return box.locator('div').filter({ has: box.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
}

/** The e2e server's SQLite file (global setup puts it in PITLANE_E2E_TMP). */
export function e2eDatabase(): string {
  const dir = process.env.PITLANE_E2E_TMP;
  if (!dir) throw new Error('PITLANE_E2E_TMP is not set: run the tests with `npx playwright test`');
  return join(dir, 'e2e.db');
}

/** Runs a read-only query on the e2e database with the sqlite3 shell and returns its rows. */
export function sqlRows<T = Record<string, unknown>>(query: string): T[] {
  const out = execFileSync('sqlite3', ['-readonly', '-json', e2eDatabase(), query], { encoding: 'utf8' }).trim();
  return out === '' ? [] : (JSON.parse(out) as T[]);
}

/** Runs statements on the e2e database with the sqlite3 shell (waiting up to 5 s for the server's writer). */
export function sqlExec(statements: string): void {
  execFileSync('sqlite3', [e2eDatabase()], { input: `.timeout 5000\n${statements}`, encoding: 'utf8' });
}
