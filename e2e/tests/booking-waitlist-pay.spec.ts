import { demoAdmin, SUPPORT, signInByApi } from '../support/admin.ts';
import {
  acceptTerms,
  bookableDay,
  chooseProduct,
  circuitDay,
  company,
  fillSession,
  next,
  openBooking,
  openNewestMailTo,
  payWithCard,
  pickDay,
  seriousViolations,
  slot,
  stageHeading,
  toSummary,
} from '../support/booking.ts';
import { expect, test } from '../support/own-server.ts';
import { DEMO } from '../support/state.ts';

// Issue 27, past the offer: a customer joins a full session's waiting list with the keyboard alone,
// another customer lets the places go, the offer mail's link opens the booking with the session held,
// the customer pays with the simulated card and the booking exists; the staff's Today, left open on the
// day, shows the session once booked, without a reload, and its waiting list the entry booked. Circuito Norte takes online
// payments; its own server, since the session it fills is one other specs may book.

const PRODUCT = 'Tanda adultos 15 minutos';

test('an offer of the waiting list is paid by card and the staff list shows it booked, live', async ({ page, browser, request, ownServer }, testInfo) => {
  test.setTimeout(420_000);
  const norte = company(DEMO.norte, ownServer.state);
  const day = bookableDay(1);
  const email = `waiting.pay.${testInfo.workerIndex}.${Date.now()}@example.com`;
  const filler = await fillSession(request, norte, day, 'pay', { product: PRODUCT });
  const hhmm = filler.time.slice(0, 5);

  // The join form, with the keyboard alone.
  await openBooking(page, norte);
  await chooseProduct(page, PRODUCT, 1);
  await next(page);
  await pickDay(page, day);
  await expect(slot(page, filler.time)).toBeDisabled();
  const join = page.getByTestId('waitlist-offer').getByRole('button', { name: new RegExp(`^Join the waiting list for \u2068${hhmm}\u2069$`) });
  await join.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Join the waiting list' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Paula Espera');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('+34 611 222 333');
  await page.keyboard.press('Tab'); // drivers: 1, as chosen
  await page.keyboard.press('Tab'); // the captcha's check box
  await page.keyboard.press('Space');
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 60_000 });
  const submit = dialog.getByRole('button', { name: 'Join the waiting list' });
  for (let i = 0; i < 6 && !(await submit.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  expect(await seriousViolations(page, 'page')).toEqual([]);
  const joined = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await joined).status()).toBe(201);
  await expect(dialog.getByRole('status')).toHaveText('You are number 1 on the waiting list.');
  await page.keyboard.press('Escape');

  // The staff's Today, open on the session's day: the session has no booking yet, so it is not listed.
  const staffContext = await browser.newContext({ baseURL: ownServer.state.baseURL });
  const staff = await staffContext.newPage();
  await signInByApi(staff, demoAdmin(SUPPORT, ownServer.state), DEMO.norte);
  let ahead = 0;
  while (circuitDay(ahead) !== day) ahead++;
  for (let i = 0; i < ahead; i++) await staff.getByRole('button', { name: 'Next day' }).click();
  const session = staff.getByRole('region', { name: new RegExp(`${hhmm}.*·`) });

  // The other customer lets the places go: held for the entry in the same transaction, the offer mailed.
  await filler.release();

  await openNewestMailTo(page, email, /held for you/);
  const href = await page.getByRole('region', { name: 'Message' }).getByRole('link', { name: 'Book the held places' }).getAttribute('href');
  const path = /\/waitlist\/offer\/[0-9a-f]{64}$/.exec(href ?? '')?.[0];
  expect(path, `offer link ${href}`).toBeTruthy();
  await page.goto(path!);
  await expect(stageHeading(page, 'Your details')).toBeVisible({ timeout: 30_000 });
  await toSummary(page, { nombre: 'Paula', apellidos: 'Espera', email, phone: '611222333' }, [{ name: 'Paula', email }]);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create and pay' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/success\?booking=/, { timeout: 30_000 });
  expect(await seriousViolations(page, 'page')).toEqual([]);

  // The booking paid, the staff's open Today shows the session without a reload, its list the entry booked.
  await expect(session).toBeVisible({ timeout: 30_000 });
  await session.getByRole('button', { name: 'Waiting list' }).click();
  const list = staff.getByRole('dialog', { name: /^Waiting list · / });
  await expect(list.getByRole('listitem').filter({ hasText: email })).toContainText('Booked', { timeout: 30_000 });
  expect(await seriousViolations(staff, 'page')).toEqual([]);
  await staffContext.close();
});
