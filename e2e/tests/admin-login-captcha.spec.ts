import { demoAdmin, FJORD_ADMIN, loginForm } from '../support/admin.ts';
import { expect, test } from '../support/own-server.ts';
import { snapshot } from '../support/screenshot.ts';

// Guesses at an account spread over many addresses make its sign-in ask for the proof of work, not
// refuse: the owner solves the real ALTCHA widget on /login (under the page's CSP) and gets in. A server
// of its own, as the guesses would make every other spec's sign-in of this admin ask for it too.
test('after guesses from elsewhere, the owner solves the captcha on /login and gets in', async ({ page, ownServer }, testInfo) => {
  test.setTimeout(120_000); // the proof of work on a busy two-core machine
  await page.setViewportSize({ width: 390, height: 844 });
  const cspErrors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && /Content Security Policy/i.test(m.text()) && cspErrors.push(m.text())));
  const admin = demoAdmin(FJORD_ADMIN, ownServer.state);
  for (let i = 1; i <= 5; i++) {
    const res = await page.request.post('/api/users/adminLogin', {
      data: { email: admin.email, password: 'a wrong guess' },
      headers: { 'X-Forwarded-For': `198.51.100.${i}` }, // the e2e server trusts the loopback as a proxy
    });
    expect(res.status(), `guess ${i}`).toBe(401);
  }

  await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(admin.email);
  await form.password.fill(admin.password);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/users/adminLogin'));
  await form.submit.click();
  expect((await asked).status()).toBe(422);
  await expect(page.getByText(/several failed sign-ins to this account/)).toBeVisible();
  await expect(form.submit).toBeDisabled();

  // The widget solves the proof of work itself once its box is ticked.
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 60_000 });
  await expect(form.submit).toBeEnabled();
  await snapshot(page, testInfo, 'login-captcha-390');
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/users/adminLogin'));
  await form.submit.click();
  expect((await signedIn).status()).toBe(200);
  await expect(page).toHaveURL(/\/admin$/);
  expect(cspErrors).toEqual([]);
});
