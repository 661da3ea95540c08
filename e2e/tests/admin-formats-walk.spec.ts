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
  checked.push(screen);
}

/** The screens a walk has read (a walk that read nothing would pass). */
let checked: string[] = [];

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

test.describe('back office: one way to write dates, times and money, in every language', () => {
  // Ten screens and ten settings tabs per language on a busy two-core machine.
  test.describe.configure({ timeout: 240_000 });
  // A US browser far from the circuits: what follows the browser instead of the chosen language and the
  // company (native date and time inputs, toLocale*, Intl without a locale) would write mm/dd/yyyy, AM/PM
  // and New York's hours here.
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  const walks: { company: string; languages: readonly (typeof LANGUAGES)[number][] }[] = [
    // Circuito Norte: euros. Every language.
    { company: DEMO.norte, languages: LANGUAGES },
    // Fjord Karting: Danish kroner ("kr."), in English, Danish and Arabic.
    { company: DEMO.fjord, languages: LANGUAGES.filter((l) => ['en', 'da', 'ar'].includes(l.code)) },
  ];

  for (const walk of walks) {
    for (const language of walk.languages) {
      test(`${walk.company} in ${language.culture}: no ISO date, 12-hour time or foreign money format on any admin screen`, async ({ page }) => {
        const code = language.code;
        const shell = localeFile('locales', code).shell;
        const detailsOf = localeFile('features/bookings/locales', code).actions.details.split('{{id}}')[0];
        const seen: string[] = [];
        checked = [];
        await signInByApi(page, demoAdmin(SUPPORT), walk.company);
        const company = await companyOf(page);
        const symbol = company.simbolCoinType || company.currency;

        // The language kept for the session, as the selector stores it.
        await page.evaluate((culture) => sessionStorage.setItem('pitlane.culture', culture), language.culture);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${code}`));
        const main = page.locator('main');

        // Every section of the navigation, in order (Today, bookings, billing, KPIs, events).
        const sections = sectionLabels(page);
        await expect(sections.first()).toBeVisible();
        const count = await sections.count();
        expect(count, 'the sections a SUPERADMIN sees').toBeGreaterThanOrEqual(5);
        for (let i = 0; i < count; i++) {
          const label = (await sections.nth(i).innerText()).trim();
          await sections.nth(i).click();
          await page.waitForLoadState('networkidle');
          await expect(main.getByRole('progressbar')).toHaveCount(0);
          await expect(main.locator('.mantine-Loader-root')).toHaveCount(0);
          await check(main, label, code, symbol, seen);
        }

        // The bookings section's first booking in detail, when there is one (read only).
        await sections.filter({ hasText: new RegExp(`^${escape(shell.bookings)}$`) }).click();
        await page.waitForLoadState('networkidle');
        const details = main.getByRole('button', { name: new RegExp(`^${escape(detailsOf)}`) }).first();
        if (await details.isVisible()) {
          await details.click();
          const dialog = page.getByRole('dialog').first();
          if (await dialog.isVisible()) {
            await page.waitForLoadState('networkidle');
            await check(dialog, 'booking details', code, symbol, seen);
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toHaveCount(0);
          }
        }

        // Every tab of the settings dialog (the catalogue's products, packs and categories, the team).
        await userMenuItem(page, shell.settings);
        const settings = page.getByRole('dialog', { name: shell.settings });
        await expect(settings.getByRole('tab').first()).toBeVisible({ timeout: 30_000 });
        const tabs = settings.getByRole('tab');
        const tabCount = await tabs.count();
        for (let i = 0; i < tabCount; i++) {
          const tab = tabs.nth(i);
          if (await tab.isDisabled()) continue;
          const name = (await tab.innerText()).trim();
          await tab.click();
          await expect(tab).toHaveAttribute('aria-selected', 'true');
          await page.waitForLoadState('networkidle');
          await expect(settings.locator('.mantine-Loader-root')).toHaveCount(0);
          await check(settings, `settings: ${name}`, code, symbol, seen);
        }
        // Closed with its own button (Escape does not close it); nothing was changed, so nothing is asked.
        await settings.locator('.mantine-Modal-close').click();
        await expect(settings).toBeHidden();

        // The advertising dialog, where the company has it.
        if (company.advertisingActive) {
          await userMenuItem(page, shell.advertising);
          const advertising = page.getByRole('dialog', { name: shell.advertising });
          await expect(advertising).toBeVisible();
          await page.waitForLoadState('networkidle');
          await check(advertising, 'advertising', code, symbol, seen);
          await page.keyboard.press('Escape');
          await expect(advertising).toBeHidden();
        }

        expect(seen, 'dates, times and amounts that break the language\'s way of writing them').toEqual([]);
        // Five sections and at least the nine enabled settings tabs.
        expect(checked.length, `screens read: ${checked.join(', ')}`).toBeGreaterThanOrEqual(14);
      });
    }
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
