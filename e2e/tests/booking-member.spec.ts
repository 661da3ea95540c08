import { expect, test, type Response } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bookableDay, company, startBooking, uniqueEmail } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

/** Runs a query on the e2e server's SQLite database (in PITLANE_E2E_TMP) with Debian's sqlite3. */
function sql(query: string): string {
  const dir = process.env.PITLANE_E2E_TMP;
  if (!dir) throw new Error('PITLANE_E2E_TMP is not set: run the tests with `npx playwright test`');
  return execFileSync('sqlite3', [join(dir, 'e2e.db')], { input: `.timeout 10000\n${query}\n` }).toString().trim();
}

// Session of this file only: Circuito Norte two days ahead (three past a Monday) at 21:15.

/** Whether a lookup answer is "not a member": 200 with `{"found": false}` (never a 404, which Chromium logs as a failed request). */
async function isNotAMember(r: Response): Promise<boolean> {
  return r.url().endsWith('/api/member/search-email') && r.status() === 200 && ((await r.json()) as { found?: boolean }).found === false;
}

test.describe('booking wizard, member lookup', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a driver's e-mail that is a member's fills the nickname and locks it; an unknown one changes nothing", async ({ page, request }, testInfo) => {
    const norte = company(DEMO.norte);
    const config = (await (await request.get(`/api/config/${norte.key}`)).json()) as { idCompany: number };
    // A member the demo seeded at Circuito Norte (its history's regulars).
    const row = sql(
      `SELECT email || '|' || nick FROM members WHERE company_id = ${config.idCompany} AND email LIKE '%@%' AND nick <> '' ORDER BY id LIMIT 1;`,
    );
    const [memberEmail, nick] = row.split('|');
    expect(memberEmail, 'a seeded member of Circuito Norte').toContain('@');

    await startBooking(page, norte, {
      product: 'Tanda adultos 10 minutos',
      drivers: 2,
      session: { day: bookableDay(2), time: '21:15:00' },
    });
    // From here on, what the details step makes the browser log: console errors (Chromium logs every
    // answer of 400 and above as one), failed requests (a lookup cancelled by newer typing is not one),
    // and the API's answers of 400 and above.
    const problems: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
    page.on('pageerror', (e) => void problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
    });
    page.on('response', (r) => void (r.status() >= 400 && problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`)));
    const lookups: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/api/member/search-email') && lookups.push((r.postDataJSON() as { email: string }).email)));

    const driver1 = page.getByTestId('driver-1');
    const driver2 = page.getByTestId('driver-2');
    const name1 = page.getByRole('textbox', { name: /^Name of driver 1/ });
    const name2 = page.getByRole('textbox', { name: /^Name of driver 2/ });

    // Found: the lookup answers 200; the nickname fills the name, which is locked, with the member badge.
    const found = page.waitForResponse((r) => r.url().endsWith('/api/member/search-email') && r.status() === 200);
    await page.getByRole('textbox', { name: /^E-mail of driver 1/ }).fill(memberEmail.toUpperCase());
    await found;
    await expect(name1).toHaveValue(nick);
    await expect(name1).toHaveAttribute('readonly', '');
    await expect(driver1.getByText('Member', { exact: true })).toBeVisible();
    await expect(driver1.getByText('Your member nickname is used.')).toBeVisible();

    // Not a member, typed key by key as a visitor does: one lookup once the address is whole, answered
    // 200 {"found": false}; the name stays as typed and editable, no badge.
    await name2.fill('Pablo');
    const newcomer = uniqueEmail('not-a-member');
    const missing = page.waitForResponse(isNotAMember);
    await page.getByRole('textbox', { name: /^E-mail of driver 2/ }).pressSequentially(newcomer);
    await missing;
    await expect(name2).toHaveValue('Pablo');
    await expect(name2).not.toHaveAttribute('readonly', '');
    await expect(driver2.getByText('Member', { exact: true })).toHaveCount(0);
    await name2.fill('Pablo R');
    await expect(name2).toHaveValue('Pablo R');

    // Changing the member's address lifts the lock and keeps the name.
    await page.getByRole('textbox', { name: /^E-mail of driver 1/ }).fill(uniqueEmail('changed'));
    await expect(driver1.getByText('Member', { exact: true })).toHaveCount(0);
    await expect(name1).not.toHaveAttribute('readonly', '');
    await expect(name1).toHaveValue(nick);

    // The new address was asked about once, and typing it left nothing failed in the console.
    await expect.poll(() => lookups.filter((e) => e === newcomer.toLowerCase() || e === newcomer)).toHaveLength(1);
    expect(problems, 'console errors and failed requests on the details step').toEqual([]);
    await testInfo.attach('member', { body: `${memberEmail} → ${nick}` });
  });
});
