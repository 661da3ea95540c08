import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { demoAdmin, FJORD_ADMIN, signInByApi } from '../support/admin.ts';
import { seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

const web = join(dirname(fileURLToPath(import.meta.url)), '../../web/src/admin');
const ARABIC = /[\u0600-\u06FF]/;
const LATIN_WORD = /[A-Za-z]{3,}/;

/** The English texts of the settings and catalogue namespaces whose Arabic differs (what a fallback would show). */
function englishOnlyTexts(): Set<string> {
  const out = new Set<string>();
  const walk = (en: unknown, ar: unknown) => {
    if (typeof en === 'string') {
      if (en !== ar && LATIN_WORD.test(en) && !en.includes('{{')) out.add(en);
    } else if (en && typeof en === 'object') {
      for (const [k, v] of Object.entries(en)) walk(v, (ar as Record<string, unknown> | undefined)?.[k]);
    }
  };
  for (const feature of ['settings', 'catalog']) {
    const read = (lang: string) => JSON.parse(readFileSync(join(web, 'features', feature, 'locales', `${lang}.json`), 'utf8'));
    walk(read('en'), read('ar'));
  }
  return out;
}

/**
 * What of a tab's accessibility tree is in English: a control's name, a text or a placeholder with a Latin
 * word and no Arabic letter, or a grid cell (or a text inside one) that is one of the English locale
 * texts. A cell's and a field's value are the company's data (Danish product names, e-mail addresses,
 * members' names) and may be Latin; a button inside a cell is a control and is checked as one.
 */
function englishIn(tree: string, english: Set<string>): string[] {
  const found: string[] = [];
  // The indent of the cell whose content the lines are in (a cell may hold paragraphs: a member's name
  // and e-mail in the Team tab), or -1 outside any cell.
  let cellIndent = -1;
  for (const line of tree.split('\n')) {
    const m = /^\s*-\s*'?([a-z/]+)(?:\s+"((?:[^"\\]|\\.)*)")?[^:]*(?::\s*(.*?))?'?$/.exec(line);
    if (!m) continue;
    const [, role, name = '', value = ''] = m;
    const indent = line.length - line.trimStart().length;
    if (cellIndent >= 0 && indent <= cellIndent) cellIndent = -1;
    const inCell = cellIndent >= 0 && role !== 'button';
    if (role === 'cell') cellIndent = indent;
    if (inCell) {
      if (english.has(name.trim()) || english.has(value.trim())) found.push(`${role} in a cell: ${name || value}`);
      continue;
    }
    const data = role === 'cell' || role === 'textbox' || role === 'combobox' || role === 'spinbutton';
    const texts = data ? [role === 'cell' ? name : ''] : [name, value];
    for (const text of texts) {
      const clean = text.replace(/^"|"$/g, '').trim();
      if (!clean) continue;
      if (data ? english.has(clean) : LATIN_WORD.test(clean) && !ARABIC.test(clean)) found.push(`${role}: ${clean}`);
    }
  }
  return found;
}

test.describe('back office: the settings dialog in Arabic', () => {
  // Eight whole-page axe runs are slow on a busy two-core machine.
  test.describe.configure({ timeout: 240_000 });

  test('each enabled tab is mirrored, has no English left and no serious axe finding', async ({ page }, testInfo) => {
    const english = englishOnlyTexts();
    expect(english.size, 'English texts read from the locale files').toBeGreaterThan(100);
    await signInByApi(page, demoAdmin(FJORD_ADMIN), DEMO.fjord);
    // As a person does: the language selector, then the user menu's Settings.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: /قائمة المستخدم/ }).click();
    await page.getByRole('menuitem', { name: 'الإعدادات' }).click();
    const dialog = page.getByRole('dialog', { name: 'الإعدادات' });
    const tabs = dialog.getByRole('tab');
    // Tabs 1–13; 9 (confirmation) is disabled, 10 (Team), 11 (Terms), 12 (Waiting list) and 13 (Installations)
    // show to an ADMIN; 14 (Company) is the owner's only.
    await expect(tabs).toHaveCount(13, { timeout: 30_000 });
    await expect(tabs.nth(8)).toBeDisabled();

    // The tab list sits on the right in a mirrored dialog.
    const list = await dialog.getByRole('tablist').boundingBox();
    const panel = await dialog.getByRole('tabpanel').boundingBox();
    expect(list!.x, 'the tab list is right of the panel').toBeGreaterThan(panel!.x);

    for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12]) {
      const tab = tabs.nth(i);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const shown = dialog.getByRole('tabpanel');
      // Loaded: no spinner left in the panel (products, packs and categories load on opening).
      await expect(shown.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(shown).toHaveText(ARABIC);
      const label = (await tab.textContent()) ?? `tab ${i + 1}`;
      // The Installations tab heads each installation with its name: the company's data, as a cell's value is.
      const found = englishIn(await dialog.ariaSnapshot(), english).filter((f) => !/^(region|heading): Fjord Karting$/.test(f));
      expect(found, `English on ${label}`).toEqual([]);
      await snapshot(page, testInfo, `settings-ar-tab-${i + 1}`);
      expect(await seriousViolations(page, 'page'), `axe on ${label}`).toEqual([]);
    }
  });
});
