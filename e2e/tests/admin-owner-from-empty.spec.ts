import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { circuitDay, CIRCUIT_ZONE, expectNoHorizontalScroll, seriousViolations, stageHeading } from '../support/booking.ts';
import { startEmptyServer, type EmptyServer } from '../support/empty-server.ts';
import { snapshot } from '../support/screenshot.ts';

const web = join(dirname(fileURLToPath(import.meta.url)), '../../web/src');

type Lang = 'en' | 'ar';

/** A text of a locale file by its dotted key, with {{placeholders}} filled: what the screen shows. */
function texts(lang: Lang) {
  const read = (path: string) => JSON.parse(readFileSync(join(web, path, `${lang}.json`), 'utf8')) as Record<string, unknown>;
  const files = {
    admin: read('admin/locales'),
    settings: read('admin/features/settings/locales'),
    catalog: read('admin/features/catalog/locales'),
    booking: read('features/booking/locales'),
    success: read('features/success/locales'),
  };
  return (file: keyof typeof files, key: string, vars: Record<string, string | number> = {}): string => {
    let v: unknown = files[file];
    for (const part of key.split('.')) v = (v as Record<string, unknown>)[part];
    if (typeof v !== 'string') throw new Error(`no text ${file}:${key} in ${lang}`);
    return v.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name]));
  };
}

/** The simulated provider's page labels (internal/httpapi/simpay_texts.go). */
const CARD = {
  en: { number: 'Card number', expiry: 'Expiry date (MM/YY)', cvc: 'Security code (CVC)', name: 'Name on the card', pay: /^Pay / },
  ar: { number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (MM/YY)', cvc: 'رمز الأمان (CVC)', name: 'الاسم على البطاقة', pay: /^ادفع / },
};

/** A phone number the company's country accepts (a new company's country follows its language). */
const PHONE = { en: '7911123456', ar: '512345678' };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Records what would be an error on the way: uncaught page errors, and API answers of 500 and up (any 4xx too when strict). */
function watchErrors(page: Page, strict: boolean, into: string[]): void {
  page.on('pageerror', (e) => into.push(`page error on ${page.url()}: ${e.message}`));
  page.on('response', (r: Response) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (r.status() >= 500 || (strict && r.status() >= 400)) into.push(`${r.request().method()} ${url.pathname} → ${r.status()}`);
  });
}

/** A tab of the settings dialog by its number and label key, clicked and shown selected. */
async function openTab(dialog: Locator, t: ReturnType<typeof texts>, n: number, key: string): Promise<void> {
  const tab = dialog.getByRole('tab', { name: `${n}. ${t('settings', `tabs.${key}`)}` });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Waits for a toast (Mantine notifications) saying `text`. */
async function toastSays(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
}

/**
 * The owner's first day (issue 24): `pitlane admin create --new-company` on an empty database, then the
 * screens alone — the setup checklist opens the settings, each of its steps is done there (opening hours,
 * a product the booking page can sell, terms), online payments are switched on in the owner's Company tab,
 * and a customer books and pays by card on the page the checklist links to. Nothing on the way answers an
 * error (a product the page cannot sell used to fail with a 404), and the checklist goes away once done.
 * Once in English, once in Arabic.
 */
test.describe('an owner from an empty company to a paid booking', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  test.use({ actionTimeout: 60_000 });
  let server: EmptyServer;

  test.beforeAll(async () => {
    test.setTimeout(330_000);
    server = await startEmptyServer(300_000);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`through the setup checklist, in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ browser, page }, testInfo) => {
      const t = texts(lang);
      const culture = lang === 'en' ? 'en-GB' : 'ar-SA';
      const company = lang === 'en' ? 'First Lap Karting' : 'حلبة اللفة الأولى';
      const email = `owner-${lang}@firstlap.example`;
      const password = 'Torque-owner-2026-lap';
      const product = lang === 'en' ? 'Grand Prix 15 min' : 'سباق 15 دقيقة';
      const errors: string[] = [];
      watchErrors(page, false, errors);

      await server.cli('admin', 'create', '--email', email, '--password', password, '--role', 'SUPERADMIN', '--new-company', company,
        '--time-zone', CIRCUIT_ZONE, '--language', culture, '--currency', 'EUR', '--circuit', 'Main');

      // Sign in as a person does, in the owner's language.
      await page.addInitScript((c) => sessionStorage.setItem('pitlane.culture', c), culture);
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole('textbox', { name: t('admin', 'login.email') }).fill(email);
      await page.getByRole('textbox', { name: t('admin', 'login.password'), exact: true }).fill(password);
      await page.getByRole('button', { name: t('admin', 'login.submit') }).click();
      await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
      if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      // The checklist: three steps to do, and the page's address to open.
      const checklist = page.getByRole('region', { name: t('settings', 'checklist.title') });
      await expect(checklist).toBeVisible({ timeout: 30_000 });
      const todo = `(${t('settings', 'checklist.todo')})`;
      const done = `(${t('settings', 'checklist.done')})`;
      await expect(checklist.getByText(todo, { exact: true })).toHaveCount(4);
      await expect(checklist.getByText(t('settings', 'checklist.paymentsCircuit'))).toBeVisible();
      const bookingURL = await checklist.getByRole('link', { name: t('settings', 'checklist.open') }).getAttribute('href');
      expect(bookingURL).toMatch(new RegExp(`^${escape(server.baseURL)}/[A-Za-z0-9_-]{22}$`));
      expect(await seriousViolations(page, 'page'), 'axe on the checklist').toEqual([]);

      await checklist.getByRole('button', { name: t('settings', 'checklist.openSettings') }).click();
      const dialog = page.getByRole('dialog', { name: t('settings', 'title') });
      await expect(dialog.getByRole('tab', { name: `2. ${t('settings', 'tabs.general')}`, selected: true })).toBeVisible({ timeout: 30_000 });

      // The owner's Company tab: online payments on, and the contact the mails carry.
      await openTab(dialog, t, 14, 'company');
      const save = dialog.getByRole('button', { name: t('settings', 'company.save') });
      await expect(save).toBeDisabled({ timeout: 30_000 });
      await dialog.getByRole('switch', { name: new RegExp(`^${escape(t('settings', 'company.paymentsActive'))}`) }).check({ force: true });
      await dialog.getByRole('textbox', { name: new RegExp(`^${escape(t('settings', 'company.address'))}`) }).fill('Ringvej 1, 8000 Aarhus');
      await dialog.getByRole('textbox', { name: new RegExp(`^${escape(t('settings', 'company.replyTo'))}`) }).fill(`info-${lang}@firstlap.example`);
      await save.click();
      await toastSays(page, t('settings', 'company.saved'));
      await expect(save).toBeDisabled();
      await snapshot(page, testInfo, `company-tab-${lang}`);
      expect(await seriousViolations(page, 'page'), 'axe on the Company tab').toEqual([]);

      if (lang === 'en') {
        // The Company tab on a 390 px phone: nothing scrolls sideways, nothing fails axe.
        const size = page.viewportSize()!;
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(save).toBeVisible();
        await expectNoHorizontalScroll(page);
        await snapshot(page, testInfo, 'company-tab-390');
        expect(await seriousViolations(page, 'page'), 'axe on the Company tab at 390 px').toEqual([]);
        await page.setViewportSize(size);

        // A second track in the one installation: it gets its own variant, so a product must now name one.
        await openTab(dialog, t, 13, 'installations');
        await dialog.getByRole('textbox', { name: t('settings', 'installations.newCircuit') }).fill('Kids');
        await dialog.getByRole('button', { name: t('settings', 'installations.addCircuit') }).click();
        await toastSays(page, t('settings', 'installations.circuitAdded'));
        await expect(dialog.getByRole('textbox', { name: t('settings', 'installations.circuitName', { id: 2 }) })).toHaveValue('Kids');
        expect(await seriousViolations(page, 'page'), 'axe on the Installations tab').toEqual([]);
      }

      // Step 1, opening hours: every day 10:00–20:00, saved behind the confirmation.
      await openTab(dialog, t, 3, 'weekly');
      for (const wd of ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']) {
        const period = `${t('settings', `schedule.days.${wd}`)}, ${t('settings', 'schedule.period1')}`;
        const open = dialog.getByRole('switch', { name: period, exact: true });
        if (!(await open.isChecked())) await open.check({ force: true });
        await dialog.getByLabel(`${period}: ${t('settings', 'schedule.from')}`).fill('10:00');
        await dialog.getByLabel(`${period}: ${t('settings', 'schedule.to')}`).fill('20:00');
      }
      await dialog.getByRole('button', { name: t('settings', 'save'), exact: true }).click();
      const confirm = page.getByRole('dialog', { name: t('settings', 'confirmSave.title') });
      await confirm.getByRole('button', { name: t('settings', 'confirmSave.accept'), exact: true }).click();
      await toastSays(page, t('settings', 'saved'));

      // Step 2, a product the booking page can sell: on the Main circuit.
      await openTab(dialog, t, 6, 'products');
      await dialog.getByRole('button', { name: t('catalog', 'actions.addProduct') }).click();
      const productDialog = page.getByRole('dialog', { name: t('catalog', 'form.newProduct') });
      await productDialog.getByRole('textbox', { name: t('catalog', 'form.name'), exact: true }).fill(product);
      await productDialog.getByRole('textbox', { name: new RegExp(`^${escape(t('catalog', 'form.idLocal'))}`) }).fill('GP15');
      await productDialog.getByRole('textbox', { name: t('catalog', 'form.price'), exact: true }).fill('25');
      await productDialog.getByLabel(t('catalog', 'form.variant')).click();
      await page.getByRole('option', { name: 'Main - Main' }).click();
      await productDialog.getByRole('button', { name: t('catalog', 'form.save'), exact: true }).click();
      await toastSays(page, t('catalog', 'toast.created'));
      await expect(productDialog).toBeHidden();

      // Step 3, terms: the neutral text adopted in the company's language and saved.
      await openTab(dialog, t, 11, 'terms');
      await dialog.getByLabel(t('settings', 'terms.language'), { exact: true }).selectOption(culture);
      await dialog.getByRole('button', { name: t('settings', 'terms.adopt') }).click();
      await dialog.getByRole('button', { name: t('settings', 'terms.save') }).click();
      await toastSays(page, t('settings', 'terms.saved'));

      await dialog.getByRole('button', { name: t('settings', 'close') }).first().click();
      await expect(dialog).toBeHidden();

      // The checklist ticked itself: only the first booking is left, and customers pay online now.
      await page.reload();
      await expect(checklist).toBeVisible({ timeout: 30_000 });
      await expect(checklist.getByText(done, { exact: true })).toHaveCount(3);
      await expect(checklist.getByText(todo, { exact: true })).toHaveCount(1);
      await expect(checklist.getByText(t('settings', 'checklist.paymentsOnline'))).toBeVisible();

      // A customer, in a browser of their own, books on the address the checklist gave and pays by card.
      const context = await browser.newContext({ locale: culture });
      const customer = await context.newPage();
      watchErrors(customer, true, errors);
      await customer.addInitScript((c) => sessionStorage.setItem('pitlane.culture', c), culture);
      await customer.goto(bookingURL!);
      await expect(stageHeading(customer, t('booking', 'drivers.heading'))).toBeVisible({ timeout: 30_000 });
      await customer.getByRole('radio', { name: product }).check();
      await customer.getByRole('button', { name: t('booking', 'next'), exact: true }).click();
      await expect(stageHeading(customer, t('booking', 'date.heading'))).toBeVisible({ timeout: 30_000 });
      const day = customer.locator(`[data-date="${circuitDay(2)}"]`);
      if (!(await day.isVisible())) await customer.getByRole('button', { name: t('booking', 'date.nextMonth') }).click();
      await day.click();
      await customer.locator('button[data-time="12:00:00"]').click();
      await expect(customer.locator('button[data-time="12:00:00"]')).toHaveAttribute('data-status', 'MARKED', { timeout: 30_000 });
      await customer.getByRole('button', { name: t('booking', 'next'), exact: true }).click();
      await expect(stageHeading(customer, t('booking', 'register.heading'))).toBeVisible({ timeout: 30_000 });
      const field = (key: string, vars?: Record<string, number>) =>
        customer.getByRole('textbox', { name: new RegExp(`^${escape(t('booking', key, vars))}`) });
      const buyer = `buyer-${lang}-${Date.now()}@example.com`;
      await field('register.nombre').fill(lang === 'en' ? 'Ada' : 'سارة');
      await field('register.email').first().fill(buyer);
      await field('register.emailConfirmation').fill(buyer);
      await field('register.telefono').fill(PHONE[lang]);
      await field('register.driverName', { n: 1 }).fill(lang === 'en' ? 'Ada' : 'سارة');
      await customer.getByRole('checkbox', { name: t('booking', 'register.adultConfirmation') }).check();
      await customer.getByRole('button', { name: t('booking', 'next'), exact: true }).click();
      await expect(stageHeading(customer, t('booking', 'summary.heading'))).toBeVisible({ timeout: 30_000 });
      await customer.getByRole('checkbox', { name: new RegExp(escape(t('booking', 'summary.acceptTerms'))) }).check();
      expect(await seriousViolations(customer), 'axe on the summary').toEqual([]);
      await customer.getByRole('button', { name: t('booking', 'summary.createAndPay') }).click();

      await expect(customer).toHaveURL(/\/pay\/sim\//, { timeout: 30_000 });
      await customer.getByLabel(CARD[lang].number).fill('4242 4242 4242 4242');
      await customer.getByLabel(CARD[lang].expiry).fill('12/34');
      await customer.getByLabel(CARD[lang].cvc).fill('123');
      await customer.getByLabel(CARD[lang].name).fill('Test Driver');
      await customer.getByRole('button', { name: CARD[lang].pay }).click();
      await expect(customer).toHaveURL(/\/success\?booking=/, { timeout: 30_000 });
      await expect(customer.getByRole('heading', { level: 1, name: t('success', 'paid.title') })).toBeVisible({ timeout: 30_000 });
      await expect(customer.getByText(t('success', 'paid.body'))).toBeVisible();
      expect(await seriousViolations(customer, 'page'), 'axe on the success page').toEqual([]);
      await context.close();

      // Every step done: the checklist is gone.
      const read = page.waitForResponse((r) => r.url().includes('/api/admin/setup-checklist') && r.ok(), { timeout: 60_000 });
      await page.reload();
      expect(await (await read).json()).toMatchObject({ hours: true, product: true, terms: true, firstBooking: true, paymentsOnline: true, done: true });
      await expect(checklist).toHaveCount(0);

      expect(errors, 'errors on the way').toEqual([]);
    });
  }
});
