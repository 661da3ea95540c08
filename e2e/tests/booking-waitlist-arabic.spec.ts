import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bookableDay, company, fillSession, seriousViolations, slot, stageHeading } from '../support/booking.ts';
import { expect, test } from '../support/own-server.ts';
import { DEMO } from '../support/state.ts';

// Issue 27 in Arabic: a visitor of the Arabic booking page finds a session full, joins its waiting list
// with the keyboard alone (the dialog right to left, in Arabic, axe clean), sees their position, and when
// the places are let go the offer's link opens the booking in Arabic with the session held. The payment
// after it is the English walk's (booking-waitlist-pay.spec.ts). Circuito Norte, on its own server.

type Texts = Record<string, unknown>;
const file = (path: string): Texts =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../web/src/${path}`, import.meta.url)), 'utf8')) as Texts;
const at = (texts: Texts, key: string): string => {
  const value = key.split('.').reduce<unknown>((o, k) => (o as Texts)[k], texts);
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
};
// The booking wizard's texts: its first stage's and its later stages' (the namespace bookingSteps).
const booking = { ...file('features/booking/locales/ar.json'), ...file('features/booking-steps/locales/ar.json') };
const parts = file('components/locales/ar.json');

const PRODUCT = 'Tanda adultos 15 minutos';

test('in Arabic, a full session is joined with the keyboard alone and its offer opens the booking held', async ({ page, request, ownServer }, testInfo) => {
  test.setTimeout(300_000);
  const norte = company(DEMO.norte, ownServer.state);
  const day = bookableDay(2);
  const email = `waiting.ar.${testInfo.workerIndex}.${Date.now()}@example.com`;
  const filler = await fillSession(request, norte, day, 'ar', { product: PRODUCT });

  await page.goto(`${norte.url}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(stageHeading(page, at(booking, 'drivers.heading'))).toBeVisible();
  await page.getByRole('radio', { name: PRODUCT }).check();
  await page.getByRole('button', { name: at(booking, 'next'), exact: true }).click();
  await expect(stageHeading(page, at(booking, 'date.heading'))).toBeVisible();
  const dayButton = page.locator(`[data-date="${day}"]`);
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: at(booking, 'date.nextMonth') }).click();
  await dayButton.click();
  await expect(page.getByTestId('slot-skeleton')).toHaveCount(0, { timeout: 30_000 });
  await expect(slot(page, filler.time)).toBeDisabled();

  // The join, with the keyboard alone.
  const join = page.getByTestId('waitlist-offer').getByRole('button').first();
  await expect(join).toContainText(filler.time.slice(0, 5));
  await join.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: at(booking, 'waitlist.title') });
  await expect(dialog.getByRole('textbox', { name: at(booking, 'waitlist.name') })).toBeFocused();
  await page.keyboard.type('باولا');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: at(booking, 'waitlist.email') })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('+34 611 222 333');
  await page.keyboard.press('Tab'); // drivers: 1, as chosen
  await page.keyboard.press('Tab'); // the captcha's check box
  await page.keyboard.press('Space');
  await expect(dialog.getByText(at(parts, 'captcha.verified'))).toBeVisible({ timeout: 60_000 });
  const submit = dialog.getByRole('button', { name: at(booking, 'waitlist.submit') });
  for (let i = 0; i < 6 && !(await submit.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  // Right to left, but the e-mail and the phone as typed, left to right.
  for (const name of [at(booking, 'waitlist.email'), at(booking, 'waitlist.phone')]) {
    expect(await dialog.getByRole('textbox', { name }).evaluate((el) => getComputedStyle(el).direction), name).toBe('ltr');
  }
  expect(await seriousViolations(page, 'page')).toEqual([]);
  const joined = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await joined).status()).toBe(201);
  await expect(dialog.getByRole('status')).toHaveText(at(booking, 'waitlist.position').replace('{{position}}', '1'));

  // The places go: the entry's offer is held and mailed, in the page's language; its link opens the
  // booking with the session held, in Arabic.
  await filler.release();
  await expect(async () => {
    await page.goto('/dev/mail');
    await expect(page.getByRole('row').filter({ hasText: email }).nth(1)).toBeVisible({ timeout: 2_000 }); // joined, then the offer
  }).toPass({ timeout: 30_000 });
  await page.getByRole('row').filter({ hasText: email }).first().getByRole('link').first().click();
  const message = page.getByRole('region', { name: 'Message' });
  await expect(message).toBeVisible();
  const links = await message.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const path = links.map((href) => /\/waitlist\/offer\/[0-9a-f]{64}$/.exec(href)?.[0]).find(Boolean);
  expect(path, `an offer link among ${links.join(' ')}`).toBeTruthy();
  await expect(message).toContainText(/[\u0600-\u06ff]/); // the offer is written in Arabic
  await page.goto(path!);
  await expect(stageHeading(page, at(booking, 'register.heading'))).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await seriousViolations(page, 'page')).toEqual([]);
});
