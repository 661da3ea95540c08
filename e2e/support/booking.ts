import AxeBuilder from '@axe-core/playwright';
import axeCore, { type AxeResults } from 'axe-core';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { snapshot } from './screenshot.ts';
import { serverState, type DemoCompany, type ServerState } from './state.ts';

/** A demo company by name (see DEMO in state.ts), from the shared server or another one. */
export function company(name: string, state: ServerState = serverState()): DemoCompany {
  const found = state.companies.find((c) => c.name === name);
  if (!found) throw new Error(`the server printed no demo company named ${name}`);
  return found;
}

/**
 * Runs axe (WCAG 2.1 A/AA and best practices) and returns the serious and critical violations: over the
 * booking wizard (the main area, the header with its cart button and any dialog; the footer and side
 * banners are checked by a11y.spec.ts) or, with scope 'page', over the whole page.
 */
export async function seriousViolations(page: Page, scope: 'wizard' | 'page' = 'wizard') {
  await animationsEnded(page);
  let violations = await axeSerious(page, scope);
  if (violations.some((v) => v.id === 'color-contrast')) {
    // A toast that began to fade in while axe ran was measured mid-fade: once the page is still again, a
    // second run decides (a colour that really lacks contrast fails both).
    await animationsEnded(page);
    violations = await axeSerious(page, scope);
  }
  return violations;
}

/** Waits until no finite transition or animation runs (endless ones, spinners, are left running). */
async function animationsEnded(page: Page): Promise<void> {
  // Axe measures colours as drawn: a toast fading in (the live viewers' "Hurry up!", when another spec's
  // browser has the same booking page open) has a contrast only its last frame has. Finite transitions and
  // animations end first (a CI run caught the toast mid-fade); endless ones (spinners) are left running.
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

/** One axe run of the scope, its serious and critical violations. */
async function axeSerious(page: Page, scope: 'wizard' | 'page') {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
  const include = scope === 'wizard' ? ['main', 'header', '[role="dialog"]'] : [];
  let results: AxeResults;
  if (page.frames().length === 1) {
    // A page without frames is checked with axe.run in the page itself (the same rules and results as
    // AxeBuilder's legacy mode) rather than frame by frame with the results put together in a blank page of
    // its own: a second less per run on a busy machine. And axe is put into the document once, not twice
    // per run as AxeBuilder does: a wizard's stages, one document, are checked without loading it again
    // (half a megabyte of script, 0.7 s per run in a traced booking journey).
    const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
    if (!loaded) {
      await page.evaluate(axeCore.source);
      await page.evaluate(() => {
        (window as unknown as { axe: typeof axeCore }).axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });
      });
    }
    const run: { include: string[]; tags: string[] } = { include, tags };
    results = (await page.evaluate(
      ({ include, tags }) => {
        const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
        return axe.run({ exclude: [], include }, { runOnly: { type: 'tag', values: tags } }) as Promise<object>;
      },
      run,
    )) as AxeResults;
  } else {
    // A page with frames keeps the frame-by-frame run, which reaches into them.
    const axe = new AxeBuilder({ page });
    for (const selector of include) axe.include(selector);
    results = await axe.withTags(tags).analyze();
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Saves a screenshot of the stage and checks it with axe (no serious or critical violations). */
export async function checkStage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await snapshot(page, testInfo, name);
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
}

/** Saves a screenshot of a page outside the wizard and checks the whole page with axe. */
export async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await snapshot(page, testInfo, name);
  expect(await seriousViolations(page, 'page'), `axe on ${name}`).toEqual([]);
}

/** A fresh e-mail address, so each journey finds its own mails. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Fails when the page scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  // Against the device's width, not window.innerWidth: a phone (isMobile) widens its layout viewport to
  // fit a page that overflows and zooms out, so innerWidth grows with the overflow it should reveal.
  const width = page.viewportSize()?.width;
  const overflow = await page.evaluate((w) => document.documentElement.scrollWidth - (w ?? window.innerWidth), width);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/**
 * Nothing is drawn past either edge of the window, outside a strip that scrolls sideways on its own: in a
 * right-to-left page what overflows goes off the left edge, where the document's scroll width may not show
 * it (a section switch wider than a phone in Arabic did). Names the first element found.
 */
export async function expectNothingOffScreen(page: Page): Promise<void> {
  const offender = await page.evaluate((deviceWidth) => {
    const width = deviceWidth ?? window.innerWidth; // the phone's width (see expectNoHorizontalScroll)
    const inScroller = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if ((box.left < -1 || box.right > width + 1) && !inScroller(el)) {
        return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(box.left)}…${Math.round(box.right)} of ${width}`;
      }
    }
    return null;
  }, page.viewportSize()?.width);
  expect(offender, 'an element drawn off the screen').toBeNull();
}

/** The demo circuits' time zone (Fjord Karting: Copenhagen; Karting Norte: Madrid, the same offsets). */
export const CIRCUIT_ZONE = 'Europe/Copenhagen';

/**
 * The day `offset` days from today (negative: past) as YYYY-MM-DD, today taken in the circuits' time zone:
 * the server opens days, closes the demo's special day and dates sales in that zone, so a test run near
 * midnight UTC must count from the circuit's date, not the machine's.
 */
export function circuitDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CIRCUIT_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

/**
 * The last day ahead the demo leaves to live customers: its history seeds bookings already made for the
 * days from 14 ahead on (internal/demo/history.go, futureFrom), which fill some sessions there, so a spec
 * that needs a session's places to itself books within the next 13 days.
 */
const LAST_EMPTY_DAY = 13;

/**
 * A bookable day `offset` days ahead in the circuits' calendar, moved past Mondays (Fjord Karting is
 * closed on Mondays) and past the demo's special closing day ten days ahead. Refuses a day the demo's
 * seeded bookings may already fill (a spec once failed on the day a seeded party took its session).
 */
export function bookableDay(offset: number): string {
  let ahead = offset;
  while (new Date(`${circuitDay(ahead)}T12:00:00Z`).getUTCDay() === 1 || ahead === 10) ahead++;
  if (ahead > LAST_EMPTY_DAY) {
    throw new Error(`bookableDay(${offset}) is ${ahead} days ahead: the demo seeds bookings from day ${LAST_EMPTY_DAY + 1} on; use an offset up to ${LAST_EMPTY_DAY - 1}`);
  }
  return circuitDay(ahead);
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
  await expect(page.getByTestId('slot-skeleton')).toHaveCount(0, { timeout: 30_000 });
}

/** A session button of the grid by its start (HH:mm:ss). */
export function slot(page: Page, time: string): Locator {
  return page.locator(`button[data-time="${time}"]`);
}

/** A session of the date stage: the day (YYYY-MM-DD, see bookableDay) and its start (HH:mm:ss). */
export interface Session {
  day: string;
  time: string;
}

/** Stage 1: picks the day and the session, and waits until the session is marked. */
export async function pickSession(page: Page, { day, time }: Session): Promise<void> {
  await pickDay(page, day);
  await slot(page, time).click();
  await expect(slot(page, time)).toHaveAttribute('data-status', 'MARKED');
}

/** How a booking journey starts: the product and its drivers and, outside voucher mode, the session. */
export interface Start {
  product: string;
  drivers: number;
  session?: Session;
  /** Appended to the booking page's URL, e.g. '?discount=CODE'. */
  query?: string;
}

/**
 * Opens the company's booking page in English and goes through the first stages as a visitor does: the
 * product and its drivers, Next, then (with a session) the day and the session, Next. It ends on the
 * register stage; in voucher mode there is no date stage, and the voucher is held on the way. With
 * testInfo, each stage is checked (screenshot and axe) as stage-0-drivers and stage-1-date.
 */
export async function startBooking(page: Page, target: DemoCompany, start: Start, testInfo?: TestInfo): Promise<void> {
  await openBooking(page, target, start.query);
  await chooseProduct(page, start.product, start.drivers);
  if (testInfo) await checkStage(page, testInfo, 'stage-0-drivers');
  await next(page);
  if (start.session) {
    await pickSession(page, start.session);
    if (testInfo) await checkStage(page, testInfo, 'stage-1-date');
    await next(page);
  }
  await expect(stageHeading(page, 'Your details')).toBeVisible({ timeout: 30_000 });
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

/**
 * Stage 2 to 3: fills the register stage (see fillRegister), Next, and waits for the summary (its heading
 * by default that of a booking). With testInfo, the filled stage is checked as stage-2-register.
 */
export async function toSummary(
  page: Page,
  contact: Contact,
  drivers: { name: string; email?: string }[],
  { heading = 'Summary of your booking', testInfo }: { heading?: string; testInfo?: TestInfo } = {},
): Promise<void> {
  await fillRegister(page, contact, drivers);
  if (testInfo) await checkStage(page, testInfo, 'stage-2-register');
  await next(page);
  await expect(stageHeading(page, heading)).toBeVisible();
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

/**
 * Opens the newest message to the address in the development mail viewer (/dev/mail), waiting for the
 * outbox to have one whose row (subject, kind) matches `row` when given.
 */
export async function openNewestMailTo(page: Page, email: string, row?: string | RegExp): Promise<void> {
  await expect(async () => {
    await page.goto('/dev/mail');
    let found = page.getByRole('row').filter({ hasText: email });
    if (row) found = found.filter({ hasText: row });
    await expect(found.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  let found = page.getByRole('row').filter({ hasText: email });
  if (row) found = found.filter({ hasText: row });
  await found.first().getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Message' })).toBeVisible();
}

/** The booking identifier in the page's URL (/success?booking=…). */
export function bookingIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('booking');
  if (!id) throw new Error(`no booking identifier in ${page.url()}`);
  return id;
}

/** What fillSession holds: the product, and the session's start (HH:mm:ss; default the day's last with places). */
export interface FillTarget {
  product: string;
  time?: string;
}

/**
 * Another visitor (X-Visitor-Id e2e-waitlist-<visitorTag>-…) holds every free place of a session of the
 * day through the API, so the session is full for the page under test (the waiting list's specs); the
 * company must have the waiting list on. Returns the session's start and release(), which lets the
 * places go.
 */
export async function fillSession(
  request: APIRequestContext,
  target: DemoCompany,
  day: string,
  visitorTag: string,
  { product, time }: FillTarget,
): Promise<{ time: string; release: () => Promise<void> }> {
  const config = (await (await request.get(`/api/config/${target.key}`)).json()) as { token: string; idCompany: number; waitlistEnabled: boolean };
  expect(config.waitlistEnabled, 'the demo companies have the waiting list on').toBe(true);
  const headers = { Authorization: `Bearer ${config.token}`, 'X-Visitor-Id': `e2e-waitlist-${visitorTag}-${Date.now()}` };
  const { productsBooking } = (await (await request.get(`/api/product?idCompany=${config.idCompany}`)).json()) as {
    productsBooking: { id: number; name: string }[];
  };
  const idType = productsBooking.find((p) => p.name === product)!.id;
  const avail = (await (await request.get(`/api/booking/availability?date=${day}&idType=${idType}&type=PRODUCT`, { headers })).json()) as {
    data: { slots: { startTime: string; usersAvailable: number }[] };
  };
  const open = avail.data.slots.filter((s) => s.usersAvailable > 0 && (time === undefined || s.startTime === time));
  expect(open.length, `sessions with places on ${day}${time ? ` at ${time}` : ''}`).toBeGreaterThan(0);
  const { startTime, usersAvailable: free } = open[open.length - 1];
  const cart = (await (await request.post('/api/payment/shopping-cart', { headers, data: { idCompany: config.idCompany } })).json()) as { token: string };
  const held = await request.post('/api/prebooking', {
    headers, data: { bookingDates: [`${day} ${startTime}`], numDrivers: free, idType, type: 'PRODUCT', token: cart.token },
  });
  expect(held.status(), await held.text()).toBe(201);
  const { prebookingIdentifier } = (await held.json()) as { prebookingIdentifier: string };
  return {
    time: startTime,
    release: async () => {
      const answer = await request.delete(`/api/prebooking/${prebookingIdentifier}`, { headers, data: { token: cart.token } });
      expect(answer.status()).toBe(200);
    },
  };
}
