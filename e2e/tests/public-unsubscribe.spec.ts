import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { checkPage, company, openNewestMailTo } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';
import { ownClientAddress } from '../support/client-address.ts';

// Opens cancel or unsubscribe pages, whose routes allow 10 requests a minute per client: its own address.
test.use(ownClientAddress);

/** Runs a query on the e2e server's SQLite database (in PITLANE_E2E_TMP) with Debian's sqlite3. */
function sql(query: string): string {
  const dir = process.env.PITLANE_E2E_TMP;
  if (!dir) throw new Error('PITLANE_E2E_TMP is not set: run the tests with `npx playwright test`');
  return execFileSync('sqlite3', [join(dir, 'e2e.db')], { input: `.timeout 10000\n${query}\n` }).toString().trim();
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
});

test('a customer who accepted offers unsubscribes through the link of their confirmation mail', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const member = await bookAtCircuitByApi(request, company(DEMO.fjord), { acceptSendPromo: 1 });
  const promo = () => sql(`SELECT accept_send_promo FROM members WHERE company_id = ${member.companyId} AND email = '${member.email}';`);
  expect(promo()).toBe('1');

  // The confirmation on the development mail page ends with the reason and the link.
  await openNewestMailTo(page, member.email, 'booking_confirmation');
  const mail = page.getByRole('region', { name: 'Message' });
  await expect(mail).toContainText('You are receiving news and offers from Fjord Karting because you asked for them.');
  const link = mail.getByRole('link', { name: 'Unsubscribe' });
  await expect(link).toHaveAttribute('href', /\/member\/unsubscribe\/[A-Za-z0-9_-]{22}$/);
  await link.scrollIntoViewIfNeeded();
  await checkPage(page, testInfo, 'unsubscribe-1-mail');

  // Following it shows whose link it is and changes nothing (mail scanners and link previews open
  // links), however often it is opened.
  await link.click();
  await expect(page).toHaveURL(/\/member\/unsubscribe\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from news and offers' })).toBeVisible();
  await expect(page.getByText('This address receives news and offers from')).toContainText('Fjord Karting');
  const masked = `${member.email[0]}•••${member.email.split('@')[0].slice(-1)}@${member.email.split('@')[1]}`;
  await expect(page.getByTestId('member-email')).toHaveText(masked);
  await checkPage(page, testInfo, 'unsubscribe-2-asked');
  expect(promo()).toBe('1');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Stop promotional e-mails' })).toBeVisible();
  expect(promo()).toBe('1');

  // The button unsubscribes: the confirmation; the consent is gone.
  await page.getByRole('button', { name: 'Stop promotional e-mails' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeVisible();
  await checkPage(page, testInfo, 'unsubscribe-3-confirmed');
  expect(promo()).toBe('0');

  // Opening the link again tells so, without a button.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop promotional e-mails' })).toHaveCount(0);
  expect(promo()).toBe('0');
});

test('a customer who did not accept offers gets no unsubscribe link', async ({ page, request }, testInfo) => {
  const booked = await bookAtCircuitByApi(request, company(DEMO.fjord));
  await openNewestMailTo(page, booked.email, 'booking_confirmation');
  const mail = page.getByRole('region', { name: 'Message' });
  await expect(mail.getByRole('link', { name: 'Cancel my booking' })).toBeVisible();
  await expect(mail.getByRole('link', { name: 'Unsubscribe' })).toHaveCount(0);
  await expect(mail).not.toContainText('news and offers');
  await checkPage(page, testInfo, 'no-unsubscribe-mail');
});

test('an unknown unsubscribe link shows the error page', async ({ page }, testInfo) => {
  await page.goto('/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' })).toBeVisible();
  await checkPage(page, testInfo, 'unsubscribe-unknown');
});
