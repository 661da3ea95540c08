import { expect, test, type Page } from '@playwright/test';
import { demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { company, seriousViolations } from '../support/booking.ts';
import { openSettings } from '../support/settings.ts';
import { DEMO } from '../support/state.ts';

// Terms as rich text (issues 24 and 25): written in Settings → 11. Terms with the rich-text editor, stored
// sanitised by the server, and shown formatted, with nothing of a typed <script> left, on the public terms
// page. German terms of Vättern Karting: no other test reads them (the demo's English and Swedish terms
// stay as they are).
test.describe.configure({ timeout: 180_000 });
test.use({ locale: 'en-GB' });

test('terms written with bold, a heading and a link show formatted and sanitised on the terms page', async ({ page, browser }) => {
  await signInByApi(page, demoAdmin(SUPPORT), DEMO.voucher);
  const settings = await openSettings(page);
  const tab = settings.getByRole('tab', { name: '11. Terms' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');

  // The editor: a heading, bold text and a link made with the toolbar.
  const editor = settings.getByRole('textbox', { name: /^Terms in German/ });
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await expect(editor).toHaveAttribute('dir', 'auto');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await settings.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('Streckenregeln');
  await page.keyboard.press('Enter');
  await settings.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Helmpflicht');
  await settings.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type(' auf der Bahn. Details');
  for (let i = 0; i < 'Details'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await settings.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByRole('textbox', { name: 'Link address' }).fill('https://vattern.example/regeln');
  await page.getByRole('button', { name: 'Save', exact: true }).last().click();
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://vattern.example/regeln');
  await expect(editor.locator('strong')).toHaveText('Helmpflicht');
  expect(await seriousViolations(page, 'wizard'), 'axe on the Terms tab').toEqual([]);

  // A script typed as HTML: the server drops it.
  await settings.getByRole('button', { name: 'HTML', exact: true }).click();
  const source = settings.getByRole('textbox', { name: /^HTML of Terms in German/ });
  const html = await source.inputValue();
  expect(html).toContain('<strong>Helmpflicht</strong>');
  await source.fill(`${html}<script>window.hacked = 1</script><p onclick="window.hacked = 2">Klick</p>`);
  const saved = page.waitForResponse((r) => r.url().includes('/api/admin/terms') && r.request().method() === 'PUT');
  await settings.getByRole('button', { name: 'Save the terms' }).click();
  expect((await saved).status()).toBe(200);

  // A German visitor opens the terms page of the company.
  const visitorContext = await browser.newContext({ locale: 'de-DE' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/terms?company=${company(DEMO.voucher).key}&lang=de`);
  const terms = visitor.getByTestId('terms-text');
  await expect(terms.getByRole('heading', { level: 2 })).toHaveText('Streckenregeln');
  await expect(terms.locator('strong')).toHaveText('Helmpflicht');
  const link = terms.getByRole('link', { name: 'Details' });
  await expect(link).toHaveAttribute('href', 'https://vattern.example/regeln');
  await expect(terms.locator('script')).toHaveCount(0);
  await expect(terms.locator('[onclick]')).toHaveCount(0);
  await terms.getByText('Klick').click();
  expect(await visitor.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  expect(await seriousViolations(visitor, 'page'), 'axe on the terms page').toEqual([]);
  await visitorContext.close();

  // Arabic typed in the editor runs right to left in its own paragraph, beside a Latin one, whatever the
  // back office's language (dir="auto" on each paragraph).
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('ar-SA');
  const arabic = settings.getByRole('textbox', { name: /^Terms in Arabic/ });
  await expect(arabic).toBeVisible();
  await arabic.click();
  await page.keyboard.type('شروط الحجز');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Pitlane Karting');
  const direction = (i: number) => arabic.locator('p').nth(i).evaluate((p) => getComputedStyle(p).direction);
  expect(await direction(0)).toBe('rtl');
  expect(await direction(1)).toBe('ltr');
});
