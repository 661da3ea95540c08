import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll, expectNothingOffScreen } from './booking.ts';
import { snapshot } from './screenshot.ts';

// The checks of the back office on a phone (issue 25), shared by admin-phone-screens.spec.ts (the sections and
// the menus' dialogs) and admin-phone-dialogs.spec.ts (the dialogs opened from a booking, the catalogue, the
// calendar and the waiting list).

/** A language the phone walks run in. */
export type Lang = 'en' | 'ar';

/** The culture the language selector offers for each walked language. */
export const CULTURE: Record<Lang, string> = { en: 'en-GB', ar: 'ar-SA' };

type Tree = { [key: string]: string | Tree };

/**
 * One text of a back-office locale file (web/src/admin/{path}locales/{lang}.json) by its dotted key, so a
 * test finds a control by the name a person of that language reads. `path` is '' for the shell's own file or
 * a feature folder such as 'features/bookings/'.
 */
export function text(path: string, lang: Lang, key: string): string {
  let node: string | Tree = JSON.parse(readFileSync(new URL(`../../web/src/admin/${path}locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
  for (const part of key.split('.')) node = typeof node === 'string' ? node : node[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${path}locales/${lang}.json`);
  return node;
}

/**
 * Runs the two layout checks on what is shown now (nothing off either edge, no sideways scroll of the page)
 * and saves its screenshot in the test's output folder; a finding is recorded (with the screen's name) rather
 * than stopping the walk, so one run reports every screen that breaks.
 */
export async function check(page: Page, lang: Lang, screen: string, findings: string[]): Promise<void> {
  const testInfo = test.info();
  // A dialog that has just opened is still fading and sliding in: measured and drawn once it is still.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  for (const [name, run] of [
    ['off screen', () => expectNothingOffScreen(page)],
    ['sideways scroll', () => expectNoHorizontalScroll(page)],
  ] as const) {
    try {
      await run();
    } catch (error) {
      findings.push(`${lang} ${screen}, ${name}: ${String((error as Error).message).split('\n').find((l) => l.includes('Received') || l.includes('spans')) ?? (error as Error).message}`);
    }
  }
  await snapshot(page, testInfo, `phone-${lang}-${screen}`);
}

/** The dialog's own close button (the × of its header: its name is the dialog's "Close" in each language). */
export function closeButton(dialog: Locator): Locator {
  return dialog.locator('.mantine-Modal-close').first();
}

/** Chooses a section from the phone's sections menu (its name in the page's language). */
export async function openSection(page: Page, lang: Lang, key: string): Promise<Locator> {
  const name = text('', lang, `shell.${key}`);
  const nav = page.getByRole('navigation', { name: text('', lang, 'shell.sections') });
  const current = nav.getByRole('button');
  if ((await current.textContent())?.trim() !== name) {
    await current.click();
    await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
  }
  await expect(current).toHaveAccessibleName(name);
  const heading = key === 'events' ? text('features/events/', lang, 'calendar.title') : name;
  const region = page.getByRole('region', { name: heading, exact: true });
  await expect(region).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(region.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  return region;
}
