import { expect, test } from '@playwright/test';
import { demoAdmin, FJORD_ADMIN, loginForm, publicPageLink, signInThroughUI } from '../support/admin.ts';
import { snapshot } from '../support/screenshot.ts';

test.describe('back office: sign-in and sign-out', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the button waits for a valid e-mail and a password; a wrong password is refused with a toast', async ({ page }, testInfo) => {
    const admin = demoAdmin(FJORD_ADMIN);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    const form = loginForm(page);
    await expect(form.submit).toBeDisabled();

    // An address without its domain: marked wrong, the button stays disabled even with a password.
    await form.email.fill('admin@fjordkarting');
    await form.password.fill('whatever');
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(form.submit).toBeDisabled();
    // A valid address but no password: still disabled.
    await form.email.fill(admin.email);
    await form.password.fill('');
    await expect(page.getByText('Enter a valid e-mail address')).toHaveCount(0);
    await expect(form.submit).toBeDisabled();

    await form.password.fill(`${admin.password}-wrong`);
    await expect(form.submit).toBeEnabled();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/users/adminLogin'));
    await form.submit.click();
    expect((await answered).status()).toBe(401);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Nothing was stored: /admin still sends the browser back to /login.
    expect(await page.evaluate(() => localStorage.getItem('pitlane.staff.companies'))).toBeNull();
    await snapshot(page, testInfo, 'login-wrong-password');
  });

  test('/admin without a session goes to /login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  });

  test('logout from the user menu lands on /login, and Back does not show the back office again', async ({ page }, testInfo) => {
    const admin = demoAdmin(FJORD_ADMIN);
    await signInThroughUI(page, admin);
    // The back office opened again from its address (a bookmark): Back after the logout returns to it.
    // (Another address than the current one: the same one would replace the current history entry.)
    await page.goto('/admin?from=bookmark');
    await expect(publicPageLink(page, 'Fjord Karting')).toBeVisible();
    const me = await page.request.get('/api/users/me');
    expect(me.status(), 'the session cookie is set').toBe(200);
    const { user } = (await me.json()) as { user: { name: string } };

    await page.getByRole('button', { name: `User menu of ${user.name}` }).click();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/users/logout'));
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    expect((await loggedOut).status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    await snapshot(page, testInfo, 'after-logout');

    // The session is over on the server too, not only forgotten by the page.
    expect((await page.request.get('/api/users/me')).status()).toBe(401);

    // Back to /admin does not show the back office: it ends on /login.
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    await expect(publicPageLink(page, 'Fjord Karting')).toHaveCount(0);

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(publicPageLink(page, 'Fjord Karting')).toHaveCount(0);
  });
});
