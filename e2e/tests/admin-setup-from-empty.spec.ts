import { expect, test, type Locator, type Page } from '@playwright/test';
import { bookingsCount, loginForm, openBookings, publicPageLink, queryBookings, sectionRegion } from '../support/admin.ts';
import { solidPng } from '../support/admin-catalog.ts';
import { acceptTerms, chooseProduct, circuitDay, CIRCUIT_ZONE, next, pickSession, stageHeading, toSummary, uniqueEmail } from '../support/booking.ts';
import { startEmptyServer, type EmptyServer } from '../support/empty-server.ts';
import { openSettings, saveSettings } from '../support/settings.ts';

const COMPANY = 'Ring Zero Karting';
const EMAIL = 'owner@ringzero.example';
const PASSWORD = 'first-circuit-2026';
const PRODUCT = 'Grand Prix 15 min';
const CATEGORY = 'Adults';
const SECOND = 'Junior 10 min';
const PACK = 'Duo pack';

/** A tab of the settings dialog by its label ("6. Products"), clicked and shown selected. */
async function openTab(dialog: Locator, label: string): Promise<void> {
  const tab = dialog.getByRole('tab', { name: label });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Waits for a toast of the page (Mantine notifications) saying `text`. */
async function toastSays(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
}

/** Adds a product on the company's one circuit through the Products tab's dialog (no image, no category). */
async function addProduct(page: Page, dialog: Locator, name: string, idLocal: string, price: string): Promise<void> {
  await openTab(dialog, '6. Products');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  const productDialog = page.getByRole('dialog', { name: 'New product' });
  await productDialog.getByLabel('Name').fill(name);
  await productDialog.getByLabel('Local product id').fill(idLocal);
  await productDialog.getByRole('textbox', { name: /^Price/ }).fill(price);
  await productDialog.getByLabel('Variant').click();
  await page.getByRole('option', { name: 'Ring Zero - Ring Zero' }).click();
  await productDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(productDialog).toBeHidden();
  await expect(dialog.getByRole('row').filter({ hasText: name })).toBeVisible();
}

// The acceptance line of issue 14: a circuit goes from `pitlane admin create` on an empty database to
// its first customer booking through screens alone — no API call, no SQL, no demo data.
test.describe('setting a circuit up from an empty company', () => {
  test.describe.configure({ timeout: 240_000 });
  // A step that cannot happen fails within a minute, not at the test's end.
  test.use({ actionTimeout: 60_000 });
  let server: EmptyServer;

  test.beforeAll(async () => {
    // Starting a server is not what the test measures: its readiness line, however long a busy machine takes.
    test.setTimeout(330_000);
    server = await startEmptyServer(300_000);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('admin create, then sign-in, settings, schedule, category, product with image, a pack of two, a customer booking, and staff see it', async ({ browser, page }) => {
    // The only command line step: the company (its installation and circuit) and its first admin.
    const created = await server.cli('admin', 'create', '--email', EMAIL, '--password', PASSWORD, '--new-company', COMPANY,
      '--time-zone', CIRCUIT_ZONE, '--language', 'en-GB', '--currency', 'EUR', '--circuit', 'Ring Zero');
    const printed = /^booking page: (\S+)$/m.exec(created)?.[1];
    expect(printed, created).toMatch(new RegExp(`^${server.baseURL}/[A-Za-z0-9_-]{22}$`));

    // Before any setting, the booking page offers nothing to buy.
    await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
    await page.goto(printed!);
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('banner')).toContainText(COMPANY);
    await expect(page.getByTestId(/^product-/)).toHaveCount(0);

    // Sign in as a person does.
    await page.goto(`${server.baseURL}/login`);
    const form = loginForm(page);
    await form.email.fill(EMAIL);
    await form.password.fill(PASSWORD);
    await form.submit.click();
    await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
    await expect(publicPageLink(page, COMPANY)).toBeVisible({ timeout: 30_000 });

    // General: booking on, 30-minute sessions, 8 drivers, two sessions per booking, 60 days ahead.
    const dialog = await openSettings(page);
    const enabled = dialog.getByRole('switch', { name: 'Online booking enabled' });
    if (!(await enabled.isChecked())) await enabled.check({ force: true });
    await expect(enabled).toBeChecked();
    await dialog.getByLabel('Session length (minutes)').fill('30');
    await dialog.getByLabel('Drivers per session').fill('8');
    await dialog.getByLabel('Sessions per booking').fill('2');
    await dialog.getByLabel('Days ahead customers can book').fill('60');
    await dialog.getByLabel('Hours before a session when booking closes').fill('0');

    // Weekly schedule: every day open 10:00–20:00 (one period).
    await openTab(dialog, '3. Weekly schedule');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      const period = `${day}, Opening period 1`;
      const open = dialog.getByRole('switch', { name: period, exact: true });
      if (!(await open.isChecked())) await open.check({ force: true });
      await dialog.getByLabel(`${period}: From`).fill('10:00');
      await dialog.getByLabel(`${period}: To`).fill('20:00');
    }
    await saveSettings(page, dialog);
    await toastSays(page, 'Setup changed');
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // Categories: one, through its dialog.
    await openTab(dialog, '8. Categories');
    await dialog.getByRole('button', { name: 'Add category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'New category' });
    await categoryDialog.getByLabel('Name').fill(CATEGORY);
    await categoryDialog.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Category created');
    await expect(dialog.getByRole('cell', { name: CATEGORY, exact: true })).toBeVisible();

    // Products: one, on the circuit, in the category, with an image uploaded through the dialog.
    await openTab(dialog, '6. Products');
    await expect(dialog.getByText('No data created')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Add product' }).click();
    const productDialog = page.getByRole('dialog', { name: 'New product' });
    const imageButton = productDialog.getByRole('button', { name: 'Choose PNG image' });
    await expect(imageButton).toBeDisabled();
    await productDialog.getByLabel('Name').fill(PRODUCT);
    await productDialog.getByLabel('Local product id').fill('GP15');
    await productDialog.getByRole('textbox', { name: /^Price/ }).fill('25.50');
    await productDialog.getByLabel('Variant').click();
    await page.getByRole('option', { name: 'Ring Zero - Ring Zero' }).click();
    await productDialog.getByLabel('Category').click();
    await page.getByRole('option', { name: CATEGORY }).click();
    await productDialog.getByLabel('Description').fill('Fifteen minutes on the full track.');
    await expect(imageButton).toBeEnabled();
    const chooser = page.waitForEvent('filechooser');
    await imageButton.click();
    await (await chooser).setFiles({ name: 'grand-prix.png', mimeType: 'image/png', buffer: solidPng(300, 240, [20, 90, 200]) });
    const preview = productDialog.getByRole('img', { name: PRODUCT });
    await expect(preview).toHaveAttribute('src', /^\/api\/product\/image\/[0-9a-f]{64}\.png$/, { timeout: 30_000 });
    const imageURL = await preview.getAttribute('src');
    await productDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toastSays(page, 'Product created');
    await expect(productDialog).toBeHidden();
    await expect(dialog.getByRole('row').filter({ hasText: PRODUCT })).toContainText('25.50');

    // A second product, then a pack of both through the pack dialog, reordered with up and down.
    await addProduct(page, dialog, SECOND, 'KID10', '12');
    await openTab(dialog, '7. Packs');
    await dialog.getByRole('button', { name: 'Add pack' }).click();
    const packDialog = page.getByRole('dialog', { name: 'New pack' });
    await packDialog.getByLabel('Name').fill(PACK);
    await packDialog.getByLabel('Local product id').fill('DUO');
    await packDialog.getByRole('textbox', { name: /^Price/ }).fill('33');
    await packDialog.getByRole('button', { name: 'Choose products' }).click();
    const chooser2 = page.getByRole('dialog', { name: 'Products of the pack' });
    for (const name of [PRODUCT, SECOND]) {
      await chooser2.getByLabel('Product').click();
      await page.getByRole('option', { name }).click();
      await chooser2.getByRole('button', { name: 'Add', exact: true }).click();
    }
    const order = chooser2.getByRole('listitem');
    await expect(order).toHaveText([`1. ${PRODUCT}`, `2. ${SECOND}`].map((t) => new RegExp(`^${t}`)));
    await chooser2.getByRole('button', { name: `Move ${SECOND} up` }).click();
    await expect(order).toHaveText([`1. ${SECOND}`, `2. ${PRODUCT}`].map((t) => new RegExp(`^${t}`)));
    await chooser2.getByRole('button', { name: `Move ${SECOND} down` }).click();
    await chooser2.getByRole('button', { name: `Move ${PRODUCT} down` }).click();
    await expect(order).toHaveText([`1. ${SECOND}`, `2. ${PRODUCT}`].map((t) => new RegExp(`^${t}`)));
    await chooser2.getByRole('button', { name: 'Done' }).click();
    await expect(packDialog.getByText(`${SECOND} → ${PRODUCT}`)).toBeVisible();
    await packDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toastSays(page, 'Product created');
    await expect(packDialog).toBeHidden();
    await expect(dialog.getByRole('row').filter({ hasText: PACK })).toContainText('33.00');
    // Opened again, the pack keeps the order it was saved in.
    await dialog.getByRole('button', { name: `Edit ${PACK}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit pack' }).getByText(`${SECOND} → ${PRODUCT}`)).toBeVisible();
    await page.getByRole('dialog', { name: 'Edit pack' }).getByRole('button', { name: 'Cancel' }).click();

    // Close the settings and follow the logo to the company's public booking page.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    const link = publicPageLink(page, COMPANY);
    expect(`${server.baseURL}${await link.getAttribute('href')}`).toBe(printed);
    await link.click();

    // The staff member sees their page sell the product, with its image.
    await expect(page).toHaveURL(printed!);
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId(/^product-/).filter({ hasText: PRODUCT }).locator(`img[src="${imageURL}"]`)).toBeVisible();

    // A customer, in a browser of their own (not signed in as staff), opens the address and books: the
    // product with its image, two drivers, a session two days ahead at 12:00, paid at the circuit.
    const context = await browser.newContext({ locale: 'en-GB' });
    const customer = await context.newPage();
    await customer.goto(printed!);
    await expect(stageHeading(customer, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    const card = customer.getByTestId(/^product-/).filter({ hasText: PRODUCT });
    const img = card.locator(`img[src="${imageURL}"]`);
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(90);
    await chooseProduct(customer, PRODUCT, 2);
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
    await toSummary(customer, { nombre: 'Ada', apellidos: 'First', email: uniqueEmail('first-customer'), phone: '7911123456' }, [
      { name: 'Ada' },
      { name: 'Grace' },
    ]);
    const item = customer.getByTestId('summary-item');
    await expect(item).toContainText(PRODUCT);
    await expect(item).toContainText('12:00');
    await expect(item).toContainText('Drivers: 2 × Sessions: 1');
    await expect(item).toContainText('€51.00');
    await expect(customer.getByText('You pay at the circuit when you arrive.')).toBeVisible();
    await acceptTerms(customer);
    await customer.getByRole('button', { name: 'Create booking' }).click();
    await expect(stageHeading(customer, 'Your booking is confirmed!')).toBeVisible({ timeout: 30_000 });
    await context.close();

    // Back in the back office, the circuit's first booking is listed on its session day.
    await page.goto(`${server.baseURL}/admin`);
    await openBookings(page);
    await queryBookings(page, { start: session.day, end: session.day, by: 'session' });
    expect(await bookingsCount(page)).toBe(1);
    await expect(sectionRegion(page, 'Bookings').getByRole('table')).toContainText('Ada');
  });
});
