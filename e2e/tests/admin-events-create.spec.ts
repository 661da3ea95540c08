import { expect, test } from '@playwright/test';
import { demoAdmin, FJORD_ADMIN, signInByApi, SUPPORT } from '../support/admin.ts';
import { bookingIdOf, checkPage, checkStage, circuitDay, payWithCard, seriousViolations } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Sign-ins hash passwords (argon2id), the dialog and the event pages load in chunks: generous on a busy machine.
test.describe.configure({ timeout: 180_000 });
test.use({ locale: 'en-GB' });

test('a SUPERADMIN creates a team event through the six tabs; the new tab shows it and a team pays with its discount', async ({ page }, testInfo) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `E2E Team Night ${stamp}`;
  const code = `TEAM${stamp}`;
  const day = circuitDay(6);
  await signInByApi(page, demoAdmin(SUPPORT), DEMO.fjord);

  await page.getByRole('button', { name: /User menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Create event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create event' });
  const tab = (label: string) => dialog.getByRole('tab', { name: label, exact: true });
  const next = dialog.getByRole('button', { name: 'Next' });
  await expect(tab('DATA')).toBeDisabled();

  // Details.
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('300');
  await dialog.getByRole('textbox', { name: /^Local product id/ }).fill(`E2E-${stamp}`);
  await dialog.getByRole('textbox', { name: /^Stock/ }).fill('12');
  await dialog.getByRole('radio', { name: 'By groups (teams)' }).check();
  await dialog.getByRole('radiogroup', { name: /landing page/ }).getByRole('radio', { name: 'Yes' }).check();
  await expect(tab('DATA')).toBeEnabled();
  await expect(tab('Categories')).toBeDisabled(); // the dates are still empty
  await checkStage(page, testInfo, 'create-event-details');
  await next.click();

  // DATA: named, explained fields instead of raw keys.
  await expect(tab('DATA')).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('textbox', { name: 'Minimum participants' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Promotion text' }).fill('Team night special');
  await next.click();

  // Dates, circuit-local.
  await expect(tab('Dates')).toHaveAttribute('aria-selected', 'true');
  // A day (typed as YYYY-MM-DD; the field writes it the language's way) and an hour on 24 hours, each.
  await dialog.getByRole('textbox', { name: 'Start', exact: true }).fill(day);
  await dialog.getByRole('textbox', { name: 'Start: time' }).fill('18:00');
  await dialog.getByRole('textbox', { name: 'End', exact: true }).fill(day);
  await dialog.getByRole('textbox', { name: 'End: time' }).fill('21:00');
  await next.click();

  // Categories: exclusive, two options.
  await expect(tab('Categories')).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('textbox', { name: 'Category title' }).fill('Klasse');
  await dialog.getByRole('radiogroup', { name: /Only one option/ }).getByRole('radio', { name: 'Yes' }).check();
  for (const [option, short] of [
    ['Senior', 'SR'],
    ['Junior', 'JR'],
  ]) {
    await dialog.getByRole('textbox', { name: 'Option name' }).fill(option);
    await dialog.getByRole('textbox', { name: 'Short name' }).fill(short);
    await dialog.getByRole('button', { name: 'Add option' }).click();
  }
  await next.click();

  // Template, with its live preview from the server (scripts removed, and none could run in the frame).
  await expect(tab('Template')).toHaveAttribute('aria-selected', 'true');
  // The rich-text editor: a heading, bold text and a link made with the toolbar.
  const editor = dialog.getByRole('textbox', { name: /^Event page text/ });
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await dialog.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Three hours of ');
  await dialog.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('team racing');
  await dialog.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('. Rules');
  for (let i = 0; i < 'Rules'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByRole('textbox', { name: 'Link address' }).fill('https://fjord.example/rules');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://fjord.example/rules');
  // A script typed as HTML in the source view.
  await dialog.getByRole('button', { name: 'HTML', exact: true }).click();
  const source = dialog.getByRole('textbox', { name: /^HTML of Event page text/ });
  await expect(source).toHaveValue(/<strong>team racing<\/strong>/);
  await source.fill(`${await source.inputValue()}<script>window.top.hacked = 1</script>`);
  const preview = dialog.frameLocator('iframe[title="Preview of the event page"]');
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText(name);
  // The preview is the server's sanitised HTML: the script is not merely inert, it is gone.
  await expect(preview.locator('strong')).toHaveText('team racing');
  await expect(preview.locator('a')).toHaveAttribute('href', 'https://fjord.example/rules');
  await expect(preview.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await next.click();

  // Discounts: 50 off with a code.
  await expect(tab('Discounts')).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('radiogroup', { name: /Apply a discount/ }).getByRole('radio', { name: 'Yes' }).check();
  await dialog.getByRole('textbox', { name: /^Discount code/ }).fill(code);
  await dialog.getByRole('textbox', { name: /^Discount amount/ }).fill('50');
  await checkStage(page, testInfo, 'create-event-discounts');

  await dialog.getByRole('button', { name: 'Create event' }).click();
  // The new event's address, whole, to copy or open.
  const done = page.getByRole('dialog', { name: 'Event created' });
  await expect(done.getByTestId('event-address')).toHaveText(/\/event\/[^/]+$/);
  const address = (await done.getByTestId('event-address').textContent())!.trim();
  await expect(done.getByRole('link', { name: 'Open' })).toHaveAttribute('href', address);
  expect(await seriousViolations(page, 'wizard'), 'axe on the created dialog').toEqual([]);
  const popup = page.waitForEvent('popup');
  await done.getByRole('link', { name: 'Open' }).click();
  const eventPage = await popup;
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toBeHidden();

  // The new tab: the event's page with its sanitised template: formatted, and the script gone.
  await expect(eventPage).toHaveURL(address);
  const template = eventPage.getByTestId('event-template');
  await expect(template.getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(template.locator('strong')).toHaveText('team racing');
  await expect(template.getByRole('link', { name: 'Rules' })).toHaveAttribute('href', 'https://fjord.example/rules');
  await expect(template.locator('script')).toHaveCount(0);
  expect(await eventPage.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await eventPage.getByRole('link', { name: 'Register your team' }).click();

  // A team registers, choosing one of the exclusive categories, and applies the discount code.
  const heading = eventPage.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('Your details');
  await eventPage.getByRole('textbox', { name: 'Team name' }).fill('Fjord Flyers');
  await eventPage.getByRole('textbox', { name: 'Phone number' }).fill('20123456');
  await eventPage.getByRole('textbox', { name: 'E-mail address', exact: true }).fill('flyers@example.com');
  await eventPage.getByRole('textbox', { name: 'Repeat the e-mail address' }).fill('flyers@example.com');
  await eventPage.getByRole('radio', { name: 'Junior' }).check();
  await eventPage.getByRole('button', { name: 'Next' }).click();
  await expect(heading).toHaveText('Summary');
  await expect(eventPage.getByTestId('summary-nick')).toHaveText('Fjord Flyers - JR');
  await eventPage.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await eventPage.getByRole('button', { name: 'Apply' }).click();
  await expect(eventPage.getByText(new RegExp(`Discount ${code}: −`))).toBeVisible();
  await expect(eventPage.getByTestId('summary-total')).toContainText('250');

  // The team pays the discounted price on the simulated provider's card page (event registrations are
  // always paid online, even for a company whose bookings are paid at the circuit).
  await eventPage.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await eventPage.getByRole('button', { name: /^Pay / }).click();
  await payWithCard(eventPage, '4242 4242 4242 4242');
  await expect(eventPage).toHaveURL(/\/success\?booking=/);
  const identifier = bookingIdOf(eventPage);
  await expect(eventPage.getByTestId('outcome')).toHaveAttribute('data-outcome', 'paid', { timeout: 30_000 });
  await expect(eventPage.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  // The done page: paid by card, the discounted 250 (not the 300 list price).
  const payment = eventPage.getByTestId('booking-done-payment');
  await expect(payment).toContainText('Paid by card');
  await expect(payment).toContainText('250');
  await expect(payment).not.toContainText('300');
  await checkPage(eventPage, testInfo, 'create-event-team-paid');
  const status = (await (await eventPage.request.get(`/api/booking/status/${identifier}`)).json()) as Record<string, unknown>;
  expect(status).toMatchObject({ status: 'pagada', paymentMode: 'online', paymentStatus: 'approved', total: 250 });
});

test('an ADMIN sees no create-event entry, and the call answers 403', async ({ page }) => {
  const answer = await signInByApi(page, demoAdmin(FJORD_ADMIN), DEMO.fjord);
  await page.getByRole('button', { name: /User menu of/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Create event' })).toHaveCount(0);

  const fjord = answer.companies.find((c) => c.companyName === DEMO.fjord)!;
  const day = circuitDay(6);
  // From the site's own origin (a cross-origin cookie write is refused before the role is looked at).
  const refused = await page.request.post('/api/event/createFullEvent', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      idCompany: fjord.idCompany,
      event: { name: 'Not allowed', price: 10, idLocalProduct: 'NO', teamEvent: false, dateIni: `${day} 18:00`, dateEnd: `${day} 19:00` },
      templateHtml: '<p>no</p>',
      addToLandingPage: false,
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
});
