import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { snapshot } from '../support/screenshot.ts';
import { serverState } from '../support/state.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Runs a query on the e2e server's SQLite database (in PITLANE_E2E_TMP) with Debian's sqlite3. */
function sql(query: string): string {
  const dir = process.env.PITLANE_E2E_TMP;
  if (!dir) throw new Error('PITLANE_E2E_TMP is not set: run the tests with `npx playwright test`');
  return execFileSync('sqlite3', [join(dir, 'e2e.db')], { input: `.timeout 10000\n${query}\n` }).toString().trim();
}

/**
 * The key of a member's unsubscribe link, derived as the server does (internal/member.UnsubscribeKey):
 * HMAC-SHA256 under the shared secret `unsubscribe_hmac` over "unsubscribe\0<company id>\0<e-mail>",
 * 128 bits in unpadded URL-safe base64. No e-mail carries the link yet, so the test builds it.
 */
function unsubscribeKey(companyId: number, email: string): string {
  const secret = Buffer.from(sql("SELECT value FROM app_secrets WHERE name = 'unsubscribe_hmac';"), 'hex');
  expect(secret.length, 'the unsubscribe secret exists once a member does').toBe(32);
  const mac = createHmac('sha256', secret);
  mac.update('unsubscribe\0');
  mac.update(String(companyId));
  mac.update('\0');
  mac.update(email.trim().toLowerCase());
  return mac.digest().subarray(0, 16).toString('base64url');
}

/** Makes a member of Fjord Karting who accepts offers, by booking one driver with acceptSendPromo. */
async function memberAtFjord(request: APIRequestContext): Promise<{ email: string; companyId: number }> {
  const fjord = serverState().companies.find((c) => c.name === 'Fjord Karting')!;
  const config = await (await request.get(`/api/config/${fjord.key}`)).json();
  const headers = { Authorization: `Bearer ${config.token}` };
  const { productsBooking } = await (await request.get(`/api/product?idCompany=${config.idCompany}`)).json();
  const product = productsBooking.find((p: { stock: number | null }) => p.stock === null || p.stock > 5);
  let date = '';
  let slot: { startTime: string; price: number } | undefined;
  for (let days = 2; days < 30 && !slot; days++) {
    date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { data } = await (
      await request.get(`/api/booking/availability?date=${date}&idType=${product.id}&type=PRODUCT`, { headers })
    ).json();
    slot = data.slots.find((s: { available: boolean; usersAvailable: number }) => s.available && s.usersAvailable >= 1);
  }
  const cart = await (await request.post('/api/payment/shopping-cart', { headers, data: { idCompany: config.idCompany } })).json();
  const hold = await request.post('/api/prebooking', {
    headers,
    data: { bookingDates: [`${date} ${slot!.startTime}`], numDrivers: 1, idType: product.id, type: 'PRODUCT', token: cart.token },
  });
  const { prebookingIdentifier } = await hold.json();
  const email = `member-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const saved = await request.post('/api/booking/saveBooking', {
    headers,
    data: {
      token: cart.token, nombre: 'Bo', phone: '+4520123457', email, emailConfirmation: email, adultConfirmation: 1,
      acceptSendPromo: 1, identifiersPrebooking: [prebookingIdentifier],
      slots: [{ prebookingIdentifier, drivers: [{ name: 'Bo' }] }], isPaymentsActive: 0, culture: 'en-GB',
    },
  });
  expect(saved.status()).toBe(200);
  return { email, companyId: config.idCompany };
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
});

test('a member unsubscribes through the link: loading, then the confirmation; the consent is gone', async ({ page, request }, testInfo) => {
  const member = await memberAtFjord(request);
  const promo = () => sql(`SELECT accept_send_promo FROM members WHERE company_id = ${member.companyId} AND lower(email) = '${member.email}';`);
  expect(promo()).toBe('1');

  await page.goto(`/member/unsubscribe/${unsubscribeKey(member.companyId, member.email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeVisible();
  await snapshot(page, testInfo, 'unsubscribed');
  expect(await seriousViolations(page)).toEqual([]);
  expect(promo()).toBe('0');

  // Opening the link again is harmless.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'You have unsubscribed' })).toBeVisible();
});

test('an unknown unsubscribe link shows the error page', async ({ page }, testInfo) => {
  await page.goto('/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' })).toBeVisible();
  await snapshot(page, testInfo, 'unsubscribe-unknown');
  expect(await seriousViolations(page)).toEqual([]);
});
