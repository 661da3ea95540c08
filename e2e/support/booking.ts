import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { snapshot } from './screenshot.ts';
import { serverState, type DemoCompany, type ServerState } from './state.ts';

/** A demo company by name ("Circuito Norte", "Fjord Karting"), from the shared server or another one. */
export function company(name: string, state: ServerState = serverState()): DemoCompany {
  const found = state.companies.find((c) => c.name === name);
  if (!found) throw new Error(`the server printed no demo company named ${name}`);
  return found;
}

/**
 * Runs axe (WCAG 2.1 A/AA and best practices) over the booking wizard (the main area and the header with
 * its cart button) and returns the serious and critical violations. The rest of the page (footer, side
 * banners) is checked by a11y.spec.ts.
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('main')
    .include('header')
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Saves a screenshot of the stage and checks it with axe (no serious or critical violations). */
export async function checkStage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await snapshot(page, testInfo, name);
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
}

/** Fails when the page scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/**
 * A bookable day `offset` days ahead (YYYY-MM-DD in the browser's clock), moved past Mondays (Fjord
 * Karting is closed on Mondays) and past the demo's special closing day ten days ahead.
 */
export function bookableDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  while (day.getDay() === 1 || Math.round((day.getTime() - Date.now()) / 86_400_000) === 10) {
    day.setDate(day.getDate() + 1);
  }
  const y = day.getFullYear();
  const m = String(day.getMonth() + 1).padStart(2, '0');
  const d = String(day.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The wizard's stage heading (h2). */
export function stageHeading(page: Page, name: string | RegExp): Locator {
  return page.getByRole('heading', { level: 2, name });
}

/** Opens a booking page in English. */
export async function openBooking(page: Page, target: DemoCompany, query = ''): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  await page.goto(`${target.url}${query}`);
  await expect(stageHeading(page, 'Drivers and product')).toBeVisible();
}

/** Stage 0: the number of drivers and the product, then Next. */
export async function chooseProduct(page: Page, productName: string, drivers: number): Promise<void> {
  await page.getByRole('radio', { name: productName }).check();
  const count = page.getByTestId('drivers-count');
  while (Number(await count.textContent()) < drivers) await page.getByRole('button', { name: 'One driver more' }).click();
  while (Number(await count.textContent()) > drivers) await page.getByRole('button', { name: 'One driver fewer' }).click();
  await expect(count).toHaveText(String(drivers));
}

/** Clicks the wizard's Next button. */
export async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Stage 1: picks a day in the calendar (moving to the next month when needed) and waits for its sessions. */
export async function pickDay(page: Page, day: string): Promise<void> {
  await expect(stageHeading(page, 'Date and sessions')).toBeVisible();
  const button = page.locator(`[data-date="${day}"]`);
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await button.click();
  await expect(page.getByTestId('slot-skeleton')).toHaveCount(0, { timeout: 15_000 });
}

/** A session button of the grid by its start (HH:mm:ss). */
export function slot(page: Page, time: string): Locator {
  return page.locator(`button[data-time="${time}"]`);
}

/** The contact fields of the register stage. */
export interface Contact {
  nombre: string;
  apellidos?: string;
  email: string;
  phone: string;
}

/** Stage 2: fills the contact and each driver's name (and e-mail, when asked), and confirms adult age. */
export async function fillRegister(
  page: Page,
  contact: Contact,
  drivers: { name: string; email?: string }[],
): Promise<void> {
  await expect(stageHeading(page, 'Your details')).toBeVisible();
  await page.getByRole('textbox', { name: /^First name/ }).fill(contact.nombre);
  if (contact.apellidos) await page.getByRole('textbox', { name: /^Last name/ }).fill(contact.apellidos);
  await page.getByRole('textbox', { name: /^E-mail/ }).first().fill(contact.email);
  await page.getByRole('textbox', { name: /^Repeat the e-mail/ }).fill(contact.email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill(contact.phone);
  for (const [i, driver] of drivers.entries()) {
    await page.getByRole('textbox', { name: new RegExp(`^Name of driver ${i + 1}`) }).fill(driver.name);
    if (driver.email) await page.getByRole('textbox', { name: new RegExp(`^E-mail of driver ${i + 1}`) }).fill(driver.email);
  }
  await page.getByRole('checkbox', { name: 'I confirm that I am of legal age.' }).check();
}

/** Stage 3: accepts the terms. */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
}

/** On the simulated provider's page: pays with a test card. */
export async function payWithCard(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/sim\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Test Driver');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The booking identifier in the page's URL (/success?booking=…). */
export function bookingIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('booking');
  if (!id) throw new Error(`no booking identifier in ${page.url()}`);
  return id;
}
