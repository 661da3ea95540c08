import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page, type Response, type TestInfo } from '@playwright/test';
import { bookingsCount, openBookings, publicPageLink, queryBookings, sectionRegion } from '../support/admin.ts';
import { solidPng } from '../support/admin-catalog.ts';
import {
  acceptTerms,
  chooseProduct,
  circuitDay,
  CIRCUIT_ZONE,
  expectNoHorizontalScroll,
  next,
  payWithCard,
  pickSession,
  seriousViolations,
  stageHeading,
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
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
    booking: { ...read('features/booking/locales'), ...read('features/booking-steps/locales') }, // the wizard's first stage and its later ones
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
 * The checklist walk in one language on `server`: a new company of that language, its owner signed in
 * through /login, the checklist's steps done on screen (Company tab, opening hours, a product, terms), and
 * a customer who books and pays by card in the same language.
 */
async function checklistWalk(lang: Lang, server: EmptyServer, browser: Browser, page: Page, testInfo: TestInfo): Promise<void> {
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
}

/**
 * The owner's first day (issues 14 and 24): `pitlane admin create --new-company` on an empty database, then
 * the screens alone — the setup checklist opens the settings, each of its steps is done there (opening
 * hours, a product the booking page can sell, terms), online payments are switched on in the owner's
 * Company tab, and a customer books and pays by card on the page the checklist links to. Nothing on the way
 * answers an error (a product the page cannot sell used to fail with a 404), and the checklist goes away
 * once done. In English the walk also sets the General tab, a second track, a category, a product with an
 * uploaded image and a pack reordered with up and down (issue 14's walk, once a spec of its own), and staff
 * find the booking in the bookings list; in Arabic, the checklist's own steps.
 *
 * The two languages are two tests on their own companies: they run side by side on the two workers (each
 * worker starts its own empty server), not one after the other.
 */
test.describe('an owner from an empty company to a paid booking', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ actionTimeout: 60_000 });
  let server: EmptyServer;

  test.beforeAll(async () => {
    // Starting a server is not what the tests measure: its readiness line, however long a busy machine takes.
    test.setTimeout(330_000);
    server = await startEmptyServer(300_000);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('through the setup checklist, in English: General, a second track, a category, a product with its image, a pack, paid by card, and staff see it', async ({ browser, page }, testInfo) => {
    const t = texts('en');
    const company = 'First Lap Karting';
    const email = 'owner-en@firstlap.example';
    const password = 'Torque-owner-2026-lap';
    const product = 'Grand Prix 15 min';
    const second = 'Junior 10 min';
    const pack = 'Duo pack';
    const category = 'Adults';
    const errors: string[] = [];
    watchErrors(page, false, errors);

    // The only command line step: the company (its installation and circuit) and its owner.
    const created = await server.cli('admin', 'create', '--email', email, '--password', password, '--role', 'SUPERADMIN', '--new-company', company,
      '--time-zone', CIRCUIT_ZONE, '--language', 'en-GB', '--currency', 'EUR', '--circuit', 'Main');
    const printed = /^booking page: (\S+)$/m.exec(created)?.[1];
    expect(printed, created).toMatch(new RegExp(`^${escape(server.baseURL)}/[A-Za-z0-9_-]{22}$`));

    // Before any setting, the booking page offers nothing to buy.
    await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
    await page.goto(printed!);
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('banner')).toContainText(company);
    await expect(page.getByTestId(/^product-/)).toHaveCount(0);

    // Sign in as a person does.
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole('textbox', { name: t('admin', 'login.email') }).fill(email);
    await page.getByRole('textbox', { name: t('admin', 'login.password'), exact: true }).fill(password);
    await page.getByRole('button', { name: t('admin', 'login.submit') }).click();
    await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
    await expect(publicPageLink(page, company)).toBeVisible({ timeout: 30_000 });

    // The checklist: four steps to do, customers pay at the circuit, and the page's address to open.
    const checklist = page.getByRole('region', { name: t('settings', 'checklist.title') });
    await expect(checklist).toBeVisible({ timeout: 30_000 });
    const todo = `(${t('settings', 'checklist.todo')})`;
    const done = `(${t('settings', 'checklist.done')})`;
    await expect(checklist.getByText(todo, { exact: true })).toHaveCount(4);
    await expect(checklist.getByText(t('settings', 'checklist.paymentsCircuit'))).toBeVisible();
    expect(await checklist.getByRole('link', { name: t('settings', 'checklist.open') }).getAttribute('href')).toBe(printed);
    expect(await seriousViolations(page, 'page'), 'axe on the checklist').toEqual([]);

    // The checklist opens the settings on General: booking on, 30-minute sessions, 8 drivers, two sessions
    // per booking, 60 days ahead (saved with the weekly schedule below, one form).
    await checklist.getByRole('button', { name: t('settings', 'checklist.openSettings') }).click();
    const dialog = page.getByRole('dialog', { name: t('settings', 'title') });
    await expect(dialog.getByRole('tab', { name: `2. ${t('settings', 'tabs.general')}`, selected: true })).toBeVisible({ timeout: 30_000 });
    const enabled = dialog.getByRole('switch', { name: 'Online booking enabled' });
    if (!(await enabled.isChecked())) await enabled.check({ force: true });
    await expect(enabled).toBeChecked();
    await dialog.getByLabel('Session length (minutes)').fill('30');
    await dialog.getByLabel('Drivers per session').fill('8');
    await dialog.getByLabel('Sessions per booking').fill('2');
    await dialog.getByLabel('Days ahead customers can book').fill('60');
    await dialog.getByLabel('Hours before a session when booking closes').fill('0');

    // Step 1, opening hours: every day 10:00–20:00, saved behind the confirmation.
    await openTab(dialog, t, 3, 'weekly');
    for (const wd of ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']) {
      const period = `${t('settings', `schedule.days.${wd}`)}, ${t('settings', 'schedule.period1')}`;
      const open = dialog.getByRole('switch', { name: period, exact: true });
      if (!(await open.isChecked())) await open.check({ force: true });
      await dialog.getByLabel(`${period}: ${t('settings', 'schedule.from')}`).fill('10:00');
      await dialog.getByLabel(`${period}: ${t('settings', 'schedule.to')}`).fill('20:00');
    }
    const saveAll = dialog.getByRole('button', { name: t('settings', 'save'), exact: true });
    await saveAll.click();
    const confirm = page.getByRole('dialog', { name: t('settings', 'confirmSave.title') });
    await confirm.getByRole('button', { name: t('settings', 'confirmSave.accept'), exact: true }).click();
    await toastSays(page, t('settings', 'saved'));
    // The confirmation (its own Save button) leaves the page before the dialog's Save is read.
    await expect(confirm).toBeHidden();
    await expect(saveAll).toBeDisabled();

    // The owner's Company tab: online payments on, and the contact the mails carry.
    await openTab(dialog, t, 14, 'company');
    const save = dialog.getByRole('button', { name: t('settings', 'company.save') });
    await expect(save).toBeDisabled({ timeout: 30_000 });
    await dialog.getByRole('switch', { name: new RegExp(`^${escape(t('settings', 'company.paymentsActive'))}`) }).check({ force: true });
    await dialog.getByRole('textbox', { name: new RegExp(`^${escape(t('settings', 'company.address'))}`) }).fill('Ringvej 1, 8000 Aarhus');
    await dialog.getByRole('textbox', { name: new RegExp(`^${escape(t('settings', 'company.replyTo'))}`) }).fill('info-en@firstlap.example');
    await save.click();
    await toastSays(page, t('settings', 'company.saved'));
    await expect(save).toBeDisabled();
    await snapshot(page, testInfo, 'company-tab-en');
    expect(await seriousViolations(page, 'page'), 'axe on the Company tab').toEqual([]);

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

    // A category, through its dialog.
    await openTab(dialog, t, 8, 'categories');
    await dialog.getByRole('button', { name: 'Add category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'New category' });
    await categoryDialog.getByLabel('Name').fill(category);
    await categoryDialog.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Category created');
    await expect(dialog.getByRole('cell', { name: category, exact: true })).toBeVisible();

    // Step 2, a product the booking page can sell: on the Main circuit, in the category, with an image
    // uploaded through the dialog (the image button waits for a name).
    await openTab(dialog, t, 6, 'products');
    await expect(dialog.getByText('No data created')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: t('catalog', 'actions.addProduct') }).click();
    const productDialog = page.getByRole('dialog', { name: t('catalog', 'form.newProduct') });
    const imageButton = productDialog.getByRole('button', { name: 'Choose PNG image' });
    await expect(imageButton).toBeDisabled();
    await productDialog.getByRole('textbox', { name: t('catalog', 'form.name'), exact: true }).fill(product);
    await productDialog.getByRole('textbox', { name: new RegExp(`^${escape(t('catalog', 'form.idLocal'))}`) }).fill('GP15');
    await productDialog.getByRole('textbox', { name: t('catalog', 'form.price'), exact: true }).fill('25.50');
    await productDialog.getByLabel(t('catalog', 'form.variant')).click();
    await page.getByRole('option', { name: 'Main - Main' }).click();
    await productDialog.getByLabel('Category').click();
    await page.getByRole('option', { name: category }).click();
    await productDialog.getByLabel('Description').fill('Fifteen minutes on the full track.');
    await expect(imageButton).toBeEnabled();
    const chooser = page.waitForEvent('filechooser');
    await imageButton.click();
    await (await chooser).setFiles({ name: 'grand-prix.png', mimeType: 'image/png', buffer: solidPng(300, 240, [20, 90, 200]) });
    const preview = productDialog.getByRole('img', { name: product });
    await expect(preview).toHaveAttribute('src', /^\/api\/product\/image\/[0-9a-f]{64}\.png$/, { timeout: 30_000 });
    const imageURL = await preview.getAttribute('src');
    await productDialog.getByRole('button', { name: t('catalog', 'form.save'), exact: true }).click();
    await toastSays(page, t('catalog', 'toast.created'));
    await expect(productDialog).toBeHidden();
    await expect(dialog.getByRole('row').filter({ hasText: product })).toContainText('25.50');

    // A second product, then a pack of both through the pack dialog, reordered with up and down.
    await dialog.getByRole('button', { name: t('catalog', 'actions.addProduct') }).click();
    const secondDialog = page.getByRole('dialog', { name: t('catalog', 'form.newProduct') });
    await secondDialog.getByRole('textbox', { name: t('catalog', 'form.name'), exact: true }).fill(second);
    await secondDialog.getByRole('textbox', { name: new RegExp(`^${escape(t('catalog', 'form.idLocal'))}`) }).fill('KID10');
    await secondDialog.getByRole('textbox', { name: t('catalog', 'form.price'), exact: true }).fill('12');
    await secondDialog.getByLabel(t('catalog', 'form.variant')).click();
    await page.getByRole('option', { name: 'Main - Main' }).click();
    await secondDialog.getByRole('button', { name: t('catalog', 'form.save'), exact: true }).click();
    await expect(secondDialog).toBeHidden();
    await expect(dialog.getByRole('row').filter({ hasText: second })).toBeVisible();
    await openTab(dialog, t, 7, 'packs');
    await dialog.getByRole('button', { name: 'Add pack' }).click();
    const packDialog = page.getByRole('dialog', { name: 'New pack' });
    await packDialog.getByLabel('Name').fill(pack);
    await packDialog.getByLabel('Local product id').fill('DUO');
    await packDialog.getByRole('textbox', { name: /^Price/ }).fill('33');
    await packDialog.getByRole('button', { name: 'Choose products' }).click();
    const chooser2 = page.getByRole('dialog', { name: 'Products of the pack' });
    for (const name of [product, second]) {
      await chooser2.getByLabel('Product').click();
      await page.getByRole('option', { name }).click();
      await chooser2.getByRole('button', { name: 'Add', exact: true }).click();
    }
    const order = chooser2.getByRole('listitem');
    await expect(order).toHaveText([`1. ${product}`, `2. ${second}`].map((x) => new RegExp(`^${x}`)));
    await chooser2.getByRole('button', { name: `Move ${second} up` }).click();
    await expect(order).toHaveText([`1. ${second}`, `2. ${product}`].map((x) => new RegExp(`^${x}`)));
    await chooser2.getByRole('button', { name: `Move ${second} down` }).click();
    await chooser2.getByRole('button', { name: `Move ${product} down` }).click();
    await expect(order).toHaveText([`1. ${second}`, `2. ${product}`].map((x) => new RegExp(`^${x}`)));
    await chooser2.getByRole('button', { name: 'Done' }).click();
    await expect(packDialog.getByText(`${second} → ${product}`)).toBeVisible();
    await packDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toastSays(page, 'Product created');
    await expect(packDialog).toBeHidden();
    await expect(dialog.getByRole('row').filter({ hasText: pack })).toContainText('33.00');
    // Opened again, the pack keeps the order it was saved in.
    await dialog.getByRole('button', { name: `Edit ${pack}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit pack' }).getByText(`${second} → ${product}`)).toBeVisible();
    await page.getByRole('dialog', { name: 'Edit pack' }).getByRole('button', { name: 'Cancel' }).click();

    // Step 3, terms: the neutral text adopted in the company's language and saved.
    await openTab(dialog, t, 11, 'terms');
    await dialog.getByLabel(t('settings', 'terms.language'), { exact: true }).selectOption('en-GB');
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

    // The logo leads to the company's public booking page, which sells the product with its image.
    const link = publicPageLink(page, company);
    expect(`${server.baseURL}${await link.getAttribute('href')}`).toBe(printed);
    await link.click();
    await expect(page).toHaveURL(printed!);
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId(/^product-/).filter({ hasText: product }).locator(`img[src="${imageURL}"]`)).toBeVisible();

    // A customer, in a browser of their own (not signed in as staff), opens the address and books: the
    // product with its image, two drivers, a session two days ahead at 12:00, paid by card.
    const context = await browser.newContext({ locale: 'en-GB' });
    const customer = await context.newPage();
    watchErrors(customer, true, errors);
    await customer.goto(printed!);
    await expect(stageHeading(customer, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    const img = customer.getByTestId(/^product-/).filter({ hasText: product }).locator(`img[src="${imageURL}"]`);
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(90);
    await chooseProduct(customer, product, 2);
    await next(customer);
    // Two days ahead in the circuit's calendar: open every day, and 12:00 is never past nor within the
    // booking cut-off, whatever the time of day the test runs.
    const session = { day: circuitDay(2), time: '12:00:00' };
    await pickSession(customer, session);
    // 30-minute sessions: 12:30 follows 12:00, and nothing is offered before 10:00 or from 20:00.
    await expect(customer.locator('button[data-time="12:30:00"]')).toBeVisible();
    await expect(customer.locator('button[data-time="09:30:00"]')).toHaveCount(0);
    await expect(customer.locator('button[data-time="20:00:00"]')).toHaveCount(0);
    await next(customer);
    await expect(stageHeading(customer, 'Your details')).toBeVisible({ timeout: 30_000 });
    await toSummary(customer, { nombre: 'Ada', apellidos: 'First', email: uniqueEmail('first-customer'), phone: PHONE.en }, [
      { name: 'Ada' },
      { name: 'Grace' },
    ]);
    const item = customer.getByTestId('summary-item');
    await expect(item).toContainText(product);
    await expect(item).toContainText('12:00');
    await expect(item).toContainText('Drivers: 2 × Sessions: 1');
    await expect(item).toContainText('€51.00');
    await acceptTerms(customer);
    expect(await seriousViolations(customer), 'axe on the summary').toEqual([]);
    await customer.getByRole('button', { name: t('booking', 'summary.createAndPay') }).click();
    await payWithCard(customer, '4242 4242 4242 4242');
    await expect(customer).toHaveURL(/\/success\?booking=/, { timeout: 30_000 });
    await expect(customer.getByRole('heading', { level: 1, name: t('success', 'paid.title') })).toBeVisible({ timeout: 30_000 });
    await expect(customer.getByText(t('success', 'paid.body'))).toBeVisible();
    expect(await seriousViolations(customer, 'page'), 'axe on the success page').toEqual([]);
    await context.close();

    // Every step done: the checklist is gone, and the booking is listed on its session day.
    const read = page.waitForResponse((r) => r.url().includes('/api/admin/setup-checklist') && r.ok(), { timeout: 60_000 });
    await page.goto(`${server.baseURL}/admin`);
    expect(await (await read).json()).toMatchObject({ hours: true, product: true, terms: true, firstBooking: true, paymentsOnline: true, done: true });
    await expect(checklist).toHaveCount(0);
    await openBookings(page);
    await queryBookings(page, { start: session.day, end: session.day, by: 'session' });
    expect(await bookingsCount(page)).toBe(1);
    await expect(sectionRegion(page, 'Bookings').getByRole('table')).toContainText('Ada');

    expect(errors, 'errors on the way').toEqual([]);
  });

  test('through the setup checklist, in Arabic', async ({ browser, page }, testInfo) => {
    await checklistWalk('ar', server, browser, page, testInfo);
  });
});
