import { createHmac } from 'node:crypto';
import { type Page } from '@playwright/test';
import { checkPage } from '../support/booking.ts';
import { expect, test } from '../support/own-server.ts';
import { FJORD_ADMIN, loginForm, SUPPORT } from '../support/admin.ts';
import { openSettings, signInOn } from '../support/settings.ts';
import { DEMO } from '../support/state.ts';

// Issue 24, the second factor, against the real binary. Each test has its own server: it changes how the
// demo's staff sign in, which other specs rely on.

/** RFC 4648 base32 (no padding), as authenticator apps read the secret. */
function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 30-second step of a time (RFC 6238's T). */
const stepOf = (ms: number) => Math.floor(ms / 1000 / 30);

/** RFC 6238 TOTP (HMAC-SHA-1, six digits, 30 s) of the secret at a step, as an authenticator app shows it. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

/** A code of the secret for a step after `used` (each step signs in once): waits for the next step if needed. */
async function freshCode(secret: string, used: number): Promise<{ code: string; step: number }> {
  await expect.poll(() => stepOf(Date.now()) > used, { timeout: 40_000, intervals: [1000] }).toBe(true);
  const step = stepOf(Date.now());
  return { code: totp(secret, step), step };
}

/** Six digits that are no code of the secret around now. */
function wrongCode(secret: string): string {
  const now = stepOf(Date.now());
  const near = new Set([-1, 0, 1, 2].map((d) => totp(secret, now + d)));
  return ['000000', '111111', '222222', '333333', '444444'].find((c) => !near.has(c))!;
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  const [answer] = await Promise.all([page.waitForResponse('**/api/users/adminLogin'), form.submit.click()]);
  expect(answer.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /User menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a staff member enrols an authenticator in My account, then signs in with a code and with a recovery code once', async ({ page, ownServer }, testInfo) => {
  test.slow(); // one wait for the authenticator's next 30-second step
  const login = ownServer.state.admins.find((a) => a.email === FJORD_ADMIN)!;
  await signInOn(page, ownServer.state, FJORD_ADMIN, DEMO.fjord);
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: '1. My account' }).click();
  const section = dialog.getByTestId('second-factor');
  await expect(section.getByText('Off: your password alone signs you in.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up a second factor' }).click();
  await expect(section.getByRole('img', { name: 'QR code of the authenticator secret' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const uri = await section.getByRole('img', { name: 'QR code of the authenticator secret' }).getAttribute('data-otpauth');
  expect(uri).toContain(`secret=${secret}`);
  await checkPage(page, testInfo, 'second-factor-setup');

  await section.getByRole('textbox', { name: '6-digit code' }).fill(wrongCode(secret));
  await section.getByRole('button', { name: 'Confirm the code' }).click();
  await expect(section.getByText('The code is not right.')).toBeVisible();
  const enrol = await freshCode(secret, 0);
  await section.getByRole('textbox', { name: '6-digit code' }).fill(enrol.code);
  await section.getByRole('button', { name: 'Confirm the code' }).click();
  const codes = (await section.getByTestId('recovery-codes').innerText()).split('\n').map((c) => c.trim()).filter(Boolean);
  expect(codes).toHaveLength(10);
  await expect(section.getByText('On: sign-in asks for a code from your authenticator app. Recovery codes left: 10.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await signOut(page);

  // The password alone gives no session.
  await passwordStep(page, FJORD_ADMIN, login.password);
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  const code = page.getByRole('textbox', { name: 'Code or recovery code' });
  await code.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not right. Try the newest code.')).toBeVisible();
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  await checkPage(page, testInfo, 'second-factor-step');
  const next = await freshCode(secret, enrol.step);
  await code.fill(next.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect((await page.request.get('/api/users/me')).status()).toBe(200);
  await signOut(page);

  // A recovery code instead of the code: once.
  await passwordStep(page, FJORD_ADMIN, login.password);
  await code.fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await signOut(page);
  await passwordStep(page, FJORD_ADMIN, login.password);
  await code.fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not right. Try the newest code.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin$/);
});

test('the company requires a second factor: a member without one enrols after the password, in Arabic', async ({ page, ownServer }, testInfo) => {
  // The SUPERADMIN turns the switch on in the Team tab.
  await signInOn(page, ownServer.state, SUPPORT, DEMO.fjord);
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: '10. Team' }).click();
  const toggle = dialog.getByRole('switch', { name: 'Require a second factor for all staff' });
  await expect(toggle).not.toBeChecked();
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/admin/team/second-factor') && r.request().method() === 'PUT' && r.ok()), toggle.click()]);
  await expect(toggle).toBeChecked();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  // Fjord's admin, in Arabic: the password, then the enrolment screen with the QR code and the secret.
  const login = ownServer.state.admins.find((a) => a.email === FJORD_ADMIN)!;
  await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'ar-SA'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('input[type="email"]').fill(FJORD_ADMIN);
  await page.locator('input[type="password"]').fill(login.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول بخطوتين' })).toBeVisible();
  await expect(page.getByText('تشترط شركتك عاملًا ثانيًا لجميع الموظفين', { exact: false })).toBeVisible();
  await expect(page.getByRole('img', { name: 'رمز QR لمفتاح المصادقة السري' })).toBeVisible();
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  await checkPage(page, testInfo, 'second-factor-enrol-ar');

  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  const { code } = await freshCode(secret, 0);
  await page.getByRole('textbox', { name: 'رمز من 6 أرقام' }).fill(code);
  await page.getByRole('button', { name: 'تأكيد وتسجيل الدخول' }).click();
  await expect(page.getByTestId('recovery-codes')).toBeVisible();
  expect((await page.getByTestId('recovery-codes').innerText()).split('\n').filter(Boolean)).toHaveLength(10);
  await checkPage(page, testInfo, 'second-factor-recovery-ar');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
