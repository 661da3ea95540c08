import { expect, type Locator, type Page } from '@playwright/test';
import type { ServerState } from './state.ts';

/**
 * Signs `email` in on the server of `state` (the shared one or an extra one) through the API, so the
 * session cookie lands in the page's context, stores what /login stores, and opens its /admin on the
 * company named `companyName`.
 */
export async function signInOn(page: Page, state: ServerState, email: string, companyName: string): Promise<void> {
  const login = state.admins.find((a) => a.email === email);
  if (!login) throw new Error(`the server printed no admin ${email}`);
  const answer = await page.request.post(`${state.baseURL}/api/users/adminLogin`, { data: login });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  const body = (await answer.json()) as { companies: { idCompany: number; companyName: string; role: string }[]; user: { name: string } };
  const chosen = body.companies.find((c) => c.companyName === companyName);
  if (!chosen) throw new Error(`${email} has no company named ${companyName}`);
  await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  // The origin's local storage through its health check, not through an app page drawn for nothing.
  await page.goto(`${state.baseURL}/healthz`);
  await page.evaluate(
    ({ companies, current, name }) => {
      localStorage.setItem('pitlane.staff.companies', JSON.stringify(companies.map((c) => `${c.idCompany}:${c.companyName}:${c.role}`)));
      localStorage.setItem('pitlane.staff.company', String(current));
      localStorage.setItem('pitlane.staff.user', name);
    },
    { companies: body.companies, current: chosen.idCompany, name: body.user.name },
  );
  await page.goto(`${state.baseURL}/admin`);
  await expect(page.getByRole('button', { name: /User menu of/ })).toBeVisible({ timeout: 30_000 });
}

/** Opens the settings dialog from the user menu and waits for its General tab. */
export async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /User menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('tab', { name: '2. General', selected: true })).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/** Clicks the dialog's Save and accepts the confirmation. */
export async function saveSettings(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Save the settings?' });
  await confirm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(confirm).toBeHidden();
}
