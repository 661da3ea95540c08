import { request as requests } from '@playwright/test';
import { expect, test } from '../support/own-server.ts';
import { FJORD_ADMIN, SUPPORT } from '../support/admin.ts';
import { seriousViolations } from '../support/booking.ts';
import { openSettings, signInOn } from '../support/settings.ts';
import { DEMO } from '../support/state.ts';

// Issue 24, sessions and API tokens. Own servers: ending sessions and creating tokens change what other
// specs sign in with and read in the audit log.
test.describe.configure({ timeout: 180_000 });

test("a member's session ended from the Team tab sends that member to the sign-in page on the next load", async ({ page, browser, ownServer }) => {
  // The member (Fjord Karting's ADMIN) works in a browser of their own.
  const memberContext = await browser.newContext({ userAgent: 'E2E member browser' });
  const member = await memberContext.newPage();
  await signInOn(member, ownServer.state, FJORD_ADMIN, DEMO.fjord);

  // The SUPERADMIN opens the member's sessions in the Team tab: the member's browser is listed.
  await signInOn(page, ownServer.state, SUPPORT, DEMO.fjord);
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: '10. Team' }).click();
  const row = dialog.getByRole('row').filter({ hasText: FJORD_ADMIN });
  await row.getByRole('button', { name: /^Sessions of / }).click();
  const sessions = page.getByRole('dialog', { name: /^Sessions of / });
  const session = sessions.getByTestId('session-row').filter({ hasText: 'E2E member browser' });
  await expect(session).toHaveCount(1);
  expect(await seriousViolations(page, 'page'), 'axe on the sessions dialog').toEqual([]);
  await session.getByRole('button', { name: /^End the session signed in/ }).click();
  await expect(session).toHaveCount(0);

  // The member's next page load goes to the sign-in page.
  await member.reload();
  await expect(member).toHaveURL(/\/login$/, { timeout: 30_000 });
  await memberContext.close();
});

test('an API token created in the Team tab works for a program within its role, and not once revoked', async ({ page, ownServer }) => {
  await signInOn(page, ownServer.state, FJORD_ADMIN, DEMO.fjord);
  const idCompany = await page.evaluate(() => localStorage.getItem('pitlane.staff.company'));
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: '10. Team' }).click();
  const name = `Till sync ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Token name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Token role' }).selectOption('DESK');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const created = page.getByRole('dialog', { name: `Token ${name} created` });
  const secret = ((await created.getByTestId('api-token-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^plt_[A-Za-z0-9_-]{43}$/);
  expect(await seriousViolations(page, 'page'), 'axe on the token dialog').toEqual([]);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0); // shown once

  // A program: no cookie, no Origin, only the bearer token.
  const program = await requests.newContext({ baseURL: ownServer.state.baseURL });
  const bearer = { Authorization: `Bearer ${secret}` };
  const company = await program.get(`/api/admin/company?idCompany=${idCompany}`, { headers: bearer });
  expect(company.status(), await company.text()).toBe(200);
  expect(((await company.json()) as { companyName: string }).companyName).toBe(DEMO.fjord);
  const today = await program.get(`/api/admin/today?idCompany=${idCompany}`, { headers: bearer });
  expect(today.status(), 'a DESK token reaches the counter').toBe(200);
  const team = await program.get(`/api/admin/team?idCompany=${idCompany}`, { headers: bearer });
  expect(team.status(), 'a DESK token does not reach the team').toBe(403);

  // Revoked in the Team tab: the program's next call is a 401.
  const tokenRow = dialog.getByTestId('api-token').filter({ hasText: name });
  await tokenRow.getByRole('button', { name: `Revoke the token ${name}` }).click();
  await expect(tokenRow.getByText('Revoked')).toBeVisible();
  await expect(tokenRow.getByText('Never')).toHaveCount(0); // its last use is shown
  const after = await program.get(`/api/admin/company?idCompany=${idCompany}`, { headers: bearer });
  expect(after.status()).toBe(401);
  await program.dispose();
});
