import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { DEMO } from '../support/state.ts';

/**
 * One way to write dates, times and money (issue 25): the back office is walked, read only, in every
 * interface language (Today, bookings, billing, KPIs, events, every settings tab with the catalogue, the
 * team, the advertising dialog), and the visible text of each screen must hold no ISO date, no 12-hour
 * time, no amount written another language's way (the sign on the wrong side, the wrong decimal mark) and
 * no month-first date. Values inside inputs are not read (innerText leaves them out): they are the
 * pickers', which DateField writes the language's way too.
 *
 * Each screen is opened once and read in every language, switched in place with the top bar's selector
 * (the screen's data does not change with the language, only its writing); the language a screen is
 * opened in turns from one screen to the next, so every language also draws screens from scratch. A walk
 * per language, each loading every screen again, took four times as long for the same readings.
 *
 * The walk reads the shared demo server and changes nothing: no save, no dialog confirmed.
 */

/** The interface languages (culture as the language selector stores it, i18next code). */
const LANGUAGES = [
  { culture: 'en-GB', code: 'en' },
  { culture: 'es-ES', code: 'es' },
  { culture: 'da-DK', code: 'da' },
  { culture: 'ar-SA', code: 'ar' },
  { culture: 'de-DE', code: 'de' },
  { culture: 'nb-NO', code: 'nb' },
  { culture: 'sv-SE', code: 'sv' },
] as const;

type Code = (typeof LANGUAGES)[number]['code'];

/** A back-office locale file of a language (`locales` or `features/<name>/locales`), as the app reads it. */
function localeFile(folder: string, code: Code): Record<string, Record<string, string>> {
  const url = new URL(`../../web/src/admin/${folder}/${code}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, Record<string, string>>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every rule a screen's text breaks in a language, for a company whose currency sign is `symbol`. */
function problems(text: string, code: Code, symbol: string): string[] {
  const found: string[] = [];
  const flat = text.replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/[\u200e\u200f\u2066-\u2069]/g, '');
  const near = (index: number) => JSON.stringify(flat.slice(Math.max(0, index - 30), index + 40));
  const each = (re: RegExp, what: string) => {
    for (const m of flat.matchAll(re)) found.push(`${what}: ${near(m.index ?? 0)}`);
  };
  each(/\b\d{4}-\d{2}-\d{2}\b/g, 'an ISO date');
  // Latin digits in every language, Arabic included, as the customer pages write them.
  each(/[\u0660-\u0669\u06f0-\u06f9]+/g, 'Arabic-Indic digits');
  // Not inside a booking reference (6PM5-XHBW, ABCD-12PM): a time stands apart from letters, digits and dashes.
  each(/(?<![\w-])\d{1,2}(?::\d{2})?\s?(?:AM|PM|am|pm|a\.\s?m\.|p\.\s?m\.)(?![\w-])/g, 'a 12-hour time');
  each(/\d{1,2}:\d{2}\s?[صم](?=\s|$|[.,])/g, 'a 12-hour time (Arabic)');
  // Month first: only provable when the first number cannot be a month's day… the second a month (13–31).
  each(/\b(?:0?[1-9]|1[0-2])[/.-](?:1[3-9]|2\d|3[01])[/.-]\d{4}\b/g, 'a month-first date');
  const sign = escape(symbol);
  // A sign and its number are parted by a space at most (no-break in the app): a line or a tab between two
  // amounts (a chart's axis, a table's cells) does not join one's sign to the other's number.
  if (code === 'en') {
    // English: the sign before the number, a full stop before the decimals.
    each(new RegExp(`\\d[.,]\\d{2} ?${sign}`, 'g'), 'an amount with the sign after it (not English)');
    each(new RegExp(`${sign} ?\\d{1,3}(?:,\\d{3})*,\\d{2}(?!\\d)`, 'g'), 'an amount with a decimal comma (not English)');
  } else {
    // Every other language: the sign after the number.
    each(new RegExp(`${sign} ?\\d+(?:[., ]\\d{3})*[.,]\\d{2}(?!\\d)`, 'g'), 'an amount with the sign before it');
    if (code !== 'ar') {
      // …and a decimal comma (Arabic, with Latin digits, writes a full stop as the customer pages do).
      each(new RegExp(`\\d\\.\\d{2} ?${sign}`, 'g'), 'an amount with a decimal full stop');
    }
  }
  return found;
}

/**
 * Reads what a person sees in `where` and checks it; `screen` names it in the failure. The values of its
 * date fields are read too: they must not be ISO nor month-first either (the pickers follow the language).
 */
async function check(where: Locator, screen: string, code: Code, symbol: string, seen: string[]): Promise<void> {
  const text = await where.evaluate((el) => (el as HTMLElement).innerText);
  expect(text.trim(), `${screen} shows something`).not.toBe('');
  for (const p of problems(text, code, symbol)) seen.push(`[${code}] ${screen}: ${p}`);
  const dates = await where.locator('input[type="date"], input[data-dates-input]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  for (const value of dates) {
    if (/\d{4}-\d{2}-\d{2}/.test(value) || /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(value)) seen.push(`[${code}] ${screen}: a date field shows ${JSON.stringify(value)}`);
  }
}

/** The screens read per language (a walk that read nothing would pass). */
const checked = new Map<Code, string[]>();

/** The section switches' labels (the radios themselves are visually hidden). */
function sectionLabels(page: Page): Locator {
  return page.locator('main nav').first().locator('label');
}

/** Opens the user menu and one of its items. */
async function userMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').getByRole('button').last().click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

interface Company {
  currency: string;
  simbolCoinType: string;
  advertisingActive?: boolean;
}

/** The company's currency sign and whether it has advertising, as the staff API answers it. */
async function companyOf(page: Page): Promise<Company> {
  const id = await page.evaluate(() => localStorage.getItem('pitlane.staff.company'));
  const answer = await page.request.get(`/api/admin/company?idCompany=${id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Company;
}

type Language = (typeof LANGUAGES)[number];

/**
 * Counts the page's requests in flight, to wait for a screen's data (and a language's texts) without
 * networkidle's fixed half second of silence per screen.
 */
function inFlight(page: Page): () => number {
  let n = 0;
  page.on('request', () => n++);
  page.on('requestfinished', () => n--);
  page.on('requestfailed', () => n--);
  return () => n;
}

/**
 * Waits until nothing is loading: no request in flight across two frames (a query answered and drawn can
 * start the next one), and no loader or progress bar left in `where`.
 */
async function settled(page: Page, pending: () => number, where: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (pending() > 0) return pending();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        return pending();
      },
      { intervals: [50, 100, 200] },
    )
    .toBe(0);
  await expect(where.getByRole('progressbar')).toHaveCount(0);
  await expect(where.locator('.mantine-Loader-root')).toHaveCount(0);
}

/**
 * Switches the open back office to a language with its selector in the top bar, as a person does (a native
 * select: it answers even with a dialog open over the page), and waits until the page is drawn in it.
 */
async function switchTo(page: Page, language: Language): Promise<void> {
  const select = page.locator('header select').first();
  if ((await select.inputValue()) !== language.culture) await select.selectOption(language.culture);
  await expect(select).toHaveValue(language.culture);
  await expect(page.locator('html')).toHaveAttribute('lang', language.culture);
}

/**
 * One screen read in every language: opened in the first language of `order` (each screen starts in
 * another one, so that every language also draws some screens from scratch), then switched to each of the
 * others in place and read again.
 */
async function readInEvery(
  page: Page,
  pending: () => number,
  order: readonly Language[],
  where: Locator,
  name: (code: Code) => Promise<string> | string,
  symbol: string,
  seen: string[],
  reopen?: () => Promise<void>,
): Promise<void> {
  for (const [i, language] of order.entries()) {
    if (i > 0) {
      await switchTo(page, language);
      await reopen?.();
    }
    await settled(page, pending, where);
    const screen = await name(language.code);
    await check(where, screen, language.code, symbol, seen);
    checked.get(language.code)!.push(screen);
  }
}

/** `list` turned by `by` places: the order of the languages for the `by`-th screen. */
function rotated<T>(list: readonly T[], by: number): T[] {
  const k = by % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

test.describe('back office: one way to write dates, times and money, in every language', () => {
  // Every screen, each read in up to seven languages, on a busy two-core machine.
  test.describe.configure({ timeout: 240_000 });
  // A US browser far from the circuits: what follows the browser instead of the chosen language and the
  // company (native date and time inputs, toLocale*, Intl without a locale) would write mm/dd/yyyy, AM/PM
  // and New York's hours here.
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  const walks: { company: string; languages: readonly Language[] }[] = [
    // Circuito Norte: euros. Every language.
    { company: DEMO.norte, languages: LANGUAGES },
    // Fjord Karting: Danish kroner ("kr."), in English, Danish and Arabic.
    { company: DEMO.fjord, languages: LANGUAGES.filter((l) => ['en', 'da', 'ar'].includes(l.code)) },
  ];

  for (const walk of walks) {
    const cultures = walk.languages.map((l) => l.culture).join(', ');
    test(`${walk.company} in ${cultures}: no ISO date, 12-hour time or foreign money format on any admin screen`, async ({ page }) => {
      // Each screen is loaded once and read in every language (the selector switches in place, as a person
      // does): the data of a screen is the same in every language, only its writing changes.
      const shell = (code: Code) => localeFile('locales', code).shell;
      const seen: string[] = [];
      checked.clear();
      for (const l of walk.languages) checked.set(l.code, []);
      const pending = inFlight(page);
      await signInByApi(page, demoAdmin(SUPPORT), walk.company);
      const company = await companyOf(page);
      const symbol = company.simbolCoinType || company.currency;
      let screens = 0;
      const next = () => rotated(walk.languages, screens++);

      // The first language kept for the session before the back office loads, as the selector stores it:
      // the page is drawn from scratch in it.
      const first = walk.languages[0];
      await page.evaluate((culture) => sessionStorage.setItem('pitlane.culture', culture), first.culture);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${first.code}`));
      const main = page.locator('main');

      // Every section of the navigation, in order (Today, bookings, billing, KPIs, events).
      const sections = sectionLabels(page);
      await expect(sections.first()).toBeVisible();
      const count = await sections.count();
      expect(count, 'the sections a SUPERADMIN sees').toBeGreaterThanOrEqual(5);
      // Every screen, the bookings grid too, is read again in each language after a switch in place.
      for (let i = 0; i < count; i++) {
        const order = next();
        await switchTo(page, order[0]);
        await sections.nth(i).click();
        await readInEvery(page, pending, order, main, async () => (await sections.nth(i).innerText()).trim(), symbol, seen);
      }

      // The bookings section's first booking in detail, when there is one (read only).
      const order = next();
      await switchTo(page, order[0]);
      const bookings = shell(order[0].code).bookings;
      await sections.filter({ hasText: new RegExp(`^${escape(bookings)}$`) }).click();
      await settled(page, pending, main);
      const detailsOf = localeFile('features/bookings/locales', order[0].code).actions.details.split('{{id}}')[0];
      const details = main.getByRole('button', { name: new RegExp(`^${escape(detailsOf)}`) }).first();
      if (await details.isVisible()) {
        await details.click();
        const dialog = page.getByRole('dialog').first();
        if (await dialog.isVisible()) {
          await readInEvery(page, pending, order, dialog, () => 'booking details', symbol, seen);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }
      }

      // Every tab of the settings dialog (the catalogue's products, packs and categories, the team).
      const opening = next();
      await switchTo(page, opening[0]);
      await userMenuItem(page, shell(opening[0].code).settings);
      const settings = page.getByRole('dialog', { name: shell(opening[0].code).settings });
      await expect(settings.getByRole('tab').first()).toBeVisible({ timeout: 30_000 });
      // The dialog by its place from here on: its name changes with the language.
      const dialog = page.getByRole('dialog').first();
      const tabs = dialog.getByRole('tab');
      const tabCount = await tabs.count();
      for (let i = 0; i < tabCount; i++) {
        const tab = tabs.nth(i);
        if (await tab.isDisabled()) continue;
        const order = i === 0 ? opening : next();
        await switchTo(page, order[0]);
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await readInEvery(page, pending, order, dialog, async () => `settings: ${(await tab.innerText()).trim()}`, symbol, seen);
      }
      // Closed with its own button (Escape does not close it); nothing was changed, so nothing is asked.
      await dialog.locator('.mantine-Modal-close').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // The advertising dialog, where the company has it.
      if (company.advertisingActive) {
        const order = next();
        await switchTo(page, order[0]);
        await userMenuItem(page, shell(order[0].code).advertising);
        const advertising = page.getByRole('dialog', { name: shell(order[0].code).advertising });
        await expect(advertising).toBeVisible();
        await readInEvery(page, pending, order, page.getByRole('dialog').first(), () => 'advertising', symbol, seen);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }

      expect(seen, 'dates, times and amounts that break the language\'s way of writing them').toEqual([]);
      // In every language: five sections and at least the nine enabled settings tabs.
      for (const [code, screens] of checked) {
        expect(screens.length, `screens read in ${code}: ${screens.join(', ')}`).toBeGreaterThanOrEqual(14);
      }
    });
  }
});

test('the walk\'s rules catch what they are meant to catch', () => {
  // The checks themselves: a rule that never fires would let every screen pass.
  const t = (text: string, code: Code, symbol = '€') => problems(text, code, symbol).length;
  expect(t('Bookings from 2026-11-01', 'en')).toBe(1);
  expect(t('Starts 6:30 PM', 'en')).toBe(1);
  expect(t('Total €22.00', 'es')).toBe(1);
  expect(t('Total 22.00 €', 'es')).toBe(1);
  expect(t('Total 22.00 €', 'en')).toBe(1);
  expect(t('11/28/2026', 'de')).toBe(1);
  expect(t('٢٨ نوفمبر ٢٠٢٦', 'ar')).toBe(2);
  expect(t('Total kr. 398,00', 'da', 'kr.')).toBe(1);
  // …and what is right passes.
  expect(t('28 Nov 2026, 18:05 · €1,234.50 · kr. 22.00', 'en')).toBe(0);
  expect(t('28 nov 2026, 18:05 · 1234,50 € · 28/11/2026', 'es')).toBe(0);
  expect(t('28. nov. 2026 kl. 18.05 · 398,00 kr.', 'da', 'kr.')).toBe(0);
  expect(t('28 نوفمبر 2026، 18:05 · 22.00 €', 'ar')).toBe(0);
  expect(t('0,00 €\n2000,00 €\t156,00 €', 'es')).toBe(0);
  expect(t('€0.00\n€2,000.00\t€156.00', 'en')).toBe(0);
});
