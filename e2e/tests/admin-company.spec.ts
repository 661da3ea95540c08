import { expect, test } from '@playwright/test';
import { chooseSection, demoAdmin, publicPageLink, sectionRegion, signInThroughUI, SUPPORT, type LoginAnswer } from '../support/admin.ts';
import { company } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

test.describe('back office: company switcher', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the support account signs in, lists its companies by name and switches: link, logo and sections follow', async ({ page }, testInfo) => {
    const admin = demoAdmin(SUPPORT);
    // The login answer, read as the page receives it: the companies and their ids.
    const loginAnswer = page.waitForResponse((r) => r.url().endsWith('/api/users/adminLogin'));
    const firstDay = page.waitForRequest((r) => r.url().includes('/api/admin/today?'));
    await signInThroughUI(page, admin);
    const { companies } = (await (await loginAnswer).json()) as LoginAnswer;
    expect(companies.length, 'the support account manages several companies').toBeGreaterThan(1);
    const names = companies.map((c) => c.companyName);
    expect(names).toEqual(expect.arrayContaining([DEMO.norte, DEMO.fjord, DEMO.voucher]));

    // Opens on the first company of the answer, on Today, which asks for that company's day.
    const first = companies[0];
    await expect(publicPageLink(page, first.companyName)).toHaveAttribute('href', `/${encodeURIComponent(company(first.companyName).key)}`);
    expect(new URL((await firstDay).url()).searchParams.get('idCompany')).toBe(String(first.idCompany));
    await expect(sectionRegion(page, 'Today')).toBeVisible();

    // The switcher lists the companies sorted by name.
    const switcher = page.getByRole('combobox', { name: 'Company' });
    await expect(switcher).toHaveValue(first.companyName);
    await switcher.click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option')).toHaveCount(companies.length);
    const listed = await listbox.getByRole('option').allTextContents();
    expect(listed).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await snapshot(page, testInfo, 'company-switcher');

    const target = companies.find((c) => c.companyName !== first.companyName && c.companyName === DEMO.fjord) ?? companies[1];
    const oldLogo = await publicPageLink(page, first.companyName).locator('img').getAttribute('src').catch(() => null);
    const companyLoaded = page.waitForResponse(
      (r) => r.url().includes('/api/admin/company?') && r.url().includes(`idCompany=${target.idCompany}`),
    );
    const dayReloaded = page.waitForRequest(
      (r) => r.url().includes('/api/admin/today?') && new URL(r.url()).searchParams.get('idCompany') === String(target.idCompany),
    );
    await listbox.getByRole('option', { name: target.companyName }).click();

    const loaded = (await (await companyLoaded).json()) as { companyName: string; logo: string; publicKey: string };
    expect(loaded.companyName).toBe(target.companyName);
    await dayReloaded;
    await expect(switcher).toHaveValue(target.companyName);
    const link = publicPageLink(page, target.companyName);
    await expect(link).toHaveAttribute('href', `/${encodeURIComponent(company(target.companyName).key)}`);
    await expect(publicPageLink(page, first.companyName)).toHaveCount(0);
    if (loaded.logo) {
      await expect(link.locator('img')).toHaveAttribute('src', loaded.logo);
      expect(loaded.logo).not.toBe(oldLogo);
    } else {
      await expect(link).toHaveText('Pitlane');
    }
    await expect(page).toHaveTitle(`${target.companyName} – Back office`);
    await expect(sectionRegion(page, 'Today')).toBeVisible();

    // The KPI section then asks for the new company's figures, never the old one's.
    const kpiCalls: number[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/kpi/')) return;
      const body = r.postData() ? (r.postDataJSON() as { idCompany?: number }) : {};
      const query = new URL(r.url()).searchParams;
      // The KPI calls name the company as idCompany in a body, or as company in the query.
      kpiCalls.push(Number(query.get('company') ?? query.get('idCompany') ?? body.idCompany));
    });
    const kpiAnswered = page.waitForResponse((r) => r.url().includes('/api/kpi/ticket/totalBilling'));
    await chooseSection(page, 'KPIs');
    // The KPI section is a chunk of its own (with the charts), loaded on first use.
    await expect(sectionRegion(page, 'KPIs')).toBeVisible({ timeout: 30_000 });
    expect((await kpiAnswered).status()).toBe(200);
    expect(kpiCalls.length).toBeGreaterThan(0);
    expect(new Set(kpiCalls)).toEqual(new Set([target.idCompany]));

    // The choice is remembered: a reload opens on the chosen company.
    await page.reload();
    await expect(publicPageLink(page, target.companyName)).toBeVisible();
    await expect(switcher).toHaveValue(target.companyName);
    await snapshot(page, testInfo, 'company-switched');
  });
});
