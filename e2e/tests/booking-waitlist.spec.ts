import { bookableDay, chooseProduct, company, fillSession, next, openBooking, openNewestMailTo, pickDay, seriousViolations, slot, stageHeading } from '../support/booking.ts';
import { expect, test } from '../support/own-server.ts';
import { DEMO } from '../support/state.ts';

// Issue 27: a customer joins the waiting list of a full session; another customer lets the places go; the
// first receives the offer in the development mailbox, opens it and lands on the booking with the session
// held. Its own server: the session it fills is one other specs may book (the demo companies have the
// waiting list on).

const PRODUCT = 'Voksen – 10 minutter';
const TIME = '19:40:00';

test('a customer joins the waiting list of a full session, gets the offer by mail when places free, and books on', async ({ page, request, ownServer }, testInfo) => {
  test.setTimeout(300_000);
  const fjord = company(DEMO.fjord, ownServer.state);
  const day = bookableDay(2);
  const email = `waiting.${testInfo.workerIndex}.${Date.now()}@example.com`;
  const filler = await fillSession(request, fjord, day, 'filler', { product: PRODUCT, time: TIME });

  await openBooking(page, fjord);
  await chooseProduct(page, PRODUCT, 1);
  await next(page);
  await pickDay(page, day);
  await expect(slot(page, TIME)).toBeDisabled();
  const offer = page.getByTestId('waitlist-offer');
  await expect(offer).toContainText('Join its waiting list');
  await offer.getByRole('button', { name: /^Join the waiting list for \u206819:40\u2069$/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Join the waiting list' });
  await expect(dialog).toContainText('a larger party above you does not block you');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Wanda Waiting');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('+45 20 30 40 50');
  await dialog.getByText("I'm not a robot").click();
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 60_000 });
  expect(await seriousViolations(page, 'page')).toEqual([]);
  const joined = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
  expect((await joined).status()).toBe(201);
  await expect(dialog.getByRole('status')).toHaveText('You are number 1 on the waiting list.');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The other customer lets the places go: they are held for the waiting entry in the same transaction.
  await filler.release();

  await openNewestMailTo(page, email, /held for you/);
  const href = await page.getByRole('region', { name: 'Message' }).getByRole('link', { name: 'Book the held places' }).getAttribute('href');
  const path = /\/waitlist\/offer\/[0-9a-f]{64}$/.exec(href ?? '')?.[0];
  expect(path, `offer link ${href}`).toBeTruthy();

  await page.goto(path!);
  await expect(stageHeading(page, 'Your details')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 1/);
});
