import { expect, test, type Page } from '@playwright/test';
import { amountOf, figure, openAdmin, openSection, queryBilling, saleRows, todayIn } from '../support/admin-money.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

/** The source texts of the English table and the boxes' testids. */
const SOURCES = { Booking: 'BOOKING', Events: 'EVENT', Licences: 'LICENSING', Others: 'EXTERNAL' } as const;

/** A day `days` before today (YYYY-MM-DD) in a time zone. */
function daysAgo(timeZone: string, days: number): string {
  const today = todayIn(timeZone);
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** What the sales table shows: per row its id (S… sale, R… refund), source text and amount. */
async function shownRows(page: Page): Promise<{ id: string; source: string; amount: number }[]> {
  const cells = await saleRows(page).evaluateAll((trs) =>
    trs.map((tr) => ({
      id: tr.getAttribute('data-testid') ?? '',
      source: tr.children[6]?.textContent ?? '',
      amount: tr.children[7]?.textContent ?? '',
    })),
  );
  return cells.map((c) => ({ ...c, amount: amountOf(c.amount) }));
}

const cents = (n: number) => Math.round(n * 100);

/**
 * Queries a week of past sales (short enough that the table renders every row) and checks that every box
 * and the overall totals equal the sums of the rows shown; returns the rows.
 */
async function checkTotalsAgainstRows(page: Page, timeZone: string) {
  await queryBilling(page, daysAgo(timeZone, 9), daysAgo(timeZone, 7));
  await expect(page.getByText(/^\d+ of \d+ rows$/)).toBeVisible();
  const [shown, total] = (await page.getByText(/^\d+ of \d+ rows$/).textContent())!.match(/\d+/g)!.map(Number);
  expect(shown, 'no filter: every row is shown').toBe(total);
  // Up to 100 rows the table renders all of them (above, only those in view).
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(100);
  await expect(saleRows(page)).toHaveCount(total);
  const rows = await shownRows(page);

  const totals = page.getByTestId('billing-totals');
  expect(cents(amountOf((await figure(totals, 'Total billed').textContent())!))).toBe(cents(rows.reduce((sum, r) => sum + r.amount, 0)));
  expect(Number(await figure(totals, 'Sales').textContent())).toBe(rows.filter((r) => r.id.startsWith('sale-S')).length);

  for (const [text, source] of Object.entries(SOURCES)) {
    const box = page.getByTestId(`billing-box-${source}`);
    if ((await box.count()) === 0) continue;
    const ofSource = rows.filter((r) => r.source === text);
    expect(cents(amountOf((await figure(box, 'Total').textContent())!)), `${text} total`).toBe(cents(ofSource.reduce((s, r) => s + r.amount, 0)));
    expect(Number(await figure(box, 'Operations').textContent()), `${text} operations`).toBe(ofSource.filter((r) => r.id.startsWith('sale-S')).length);
  }
  return rows;
}

test.describe('billing boxes', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Circuito Norte sells licences: its licences box shows, and every box adds up its rows', async ({ page }, testInfo) => {
    await openAdmin(page, DEMO.norte);
    await openSection(page, 'Billing'); // staff land on Today (issue 23)
    for (const name of ['Booking', 'Events', 'Licences', 'Others']) {
      await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
    }
    const rows = await checkTotalsAgainstRows(page, 'Europe/Madrid');
    expect(rows.some((r) => r.source === 'Booking'), 'the demo sold bookings that week').toBe(true);
    await snapshot(page, testInfo, 'billing-boxes-norte');
  });

  test('Fjord Karting sells no licences: no licences box, and the others add up their rows', async ({ page }, testInfo) => {
    await openAdmin(page, DEMO.fjord);
    await openSection(page, 'Billing');
    for (const name of ['Booking', 'Events', 'Others']) {
      await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Licences', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('billing-box-LICENSING')).toHaveCount(0);
    await checkTotalsAgainstRows(page, 'Europe/Copenhagen');
    await snapshot(page, testInfo, 'billing-boxes-fjord');
  });
});
