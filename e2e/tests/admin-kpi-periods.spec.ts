import type { Page } from '@playwright/test';
import { amountOf, openAdmin, openSection, todayIn, typeDay } from '../support/admin-money.ts';
import { expect, test } from '../support/own-server.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';
import { anySpace, isoOfShown, shownDay } from '../support/admin-format.ts';

const ZONE = 'Europe/Madrid';

/** A marker only recharts' code carries (the class of its SVG surface). */
const RECHARTS_MARKER = 'recharts-surface';

const CHARTS = ['Daily billing, this period against the previous one', 'Drivers per day', 'Average ticket per day'];

/** YYYY-MM-DD arithmetic in whole days. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T12:00:00Z`) - Date.parse(`${start}T12:00:00Z`)) / 86_400_000) + 1;
}

/** The previous period of the issue: the same number of days, just before. */
function samePeriodBefore({ start, end }: { start: string; end: string }): { start: string; end: string } {
  return { start: addDays(start, -daysBetween(start, end)), end: addDays(start, -1) };
}

/** The same day months earlier, clamped to that month's length; a month's last day gives that month's last day. */
function monthsBack(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const lastOfTarget = new Date(Date.UTC(y, m - 1 - months + 1, 0)).getUTCDate();
  const lastOfOwn = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const target = d === lastOfOwn ? lastOfTarget : Math.min(d, lastOfTarget);
  return new Date(Date.UTC(y, m - 1 - months, target)).toISOString().slice(0, 10);
}

/** The two days written in a period line ("Current period: 1 Nov 2026 – 30 Nov 2026"), as YYYY-MM-DD. */
async function periodOf(page: Page, testId: 'kpi-current' | 'kpi-previous'): Promise<{ start: string; end: string }> {
  const text = (await page.getByTestId(testId).textContent())!;
  const days = isoOfShown(text);
  expect(days, `two days in "${text}"`).toHaveLength(2);
  return { start: days![0], end: days![1] };
}

/** Clicks a period kind of the selector (its radio is drawn as a segment: the label is what one clicks). */
async function pickKind(page: Page, name: string): Promise<void> {
  await page.getByRole('region', { name: 'KPIs' }).getByText(name, { exact: true }).click();
  // Within the KPIs: the sections' switch has a Today too (issue 23).
  await expect(page.getByRole('region', { name: 'KPIs' }).getByRole('radio', { name, exact: true })).toBeChecked();
}

/** Chooses a period kind and waits until its boxes and charts have loaded; returns the periods and billing. */
async function choosePeriod(page: Page, name: string, boxLabel: string) {
  await pickKind(page, name);
  await expect(page.getByTestId('kpi-billing').getByRole('heading', { name: boxLabel })).toBeVisible();
  await expect(page.getByText('Loading KPIs…')).toHaveCount(0, { timeout: 30_000 });
  return readPeriod(page);
}

async function readPeriod(page: Page) {
  const current = await periodOf(page, 'kpi-current');
  const previous = await periodOf(page, 'kpi-previous');
  const billing = amountOf((await page.getByTestId('kpi-billing').locator('p').first().textContent())!);
  return { current, previous, billing };
}

/** The charts are drawn (an SVG each, with lines or bars) and their tables hold one row per day of the period. */
async function checkCharts(page: Page, days: number): Promise<void> {
  const drawings = page.getByTestId('kpi-chart');
  await expect(drawings).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(drawings.nth(i).locator(`.recharts-wrapper > svg.${RECHARTS_MARKER}`)).toBeVisible();
  // Billing and ticket average are lines with a path through the points (a single day draws no line: the
  // charts have no dots, see the report); drivers are bars, one group per day.
  if (days > 1) {
    await expect(drawings.nth(0).locator('path.recharts-line-curve')).toHaveCount(2);
    await expect(drawings.nth(0).locator('path.recharts-line-curve').first()).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+[LC]/);
    await expect(drawings.nth(2).locator('path.recharts-line-curve')).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+[LC]/);
  }
  await expect(drawings.nth(1).locator('.recharts-bar-rectangles').first()).toBeAttached();
  for (const name of CHARTS) {
    await expect(page.getByRole('figure', { name })).toBeVisible();
    await expect(page.getByRole('table', { name }).locator('tbody tr')).toHaveCount(days);
  }
}

// The figures are read more than once and compared (this month's billing at first and again on Month):
// the spec runs on a demo server of its own, where no other spec sells anything today.
test.describe('KPIs', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the period switch changes the periods, reloads the boxes and draws the charts; recharts loads with the section', async ({ page, ownServer }, testInfo) => {
    // Every script the page loads, to tell when recharts arrives.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const withRecharts = async () => {
      const found: string[] = [];
      for (const url of scripts) {
        const body = await (await page.request.get(url)).text();
        if (body.includes(RECHARTS_MARKER)) found.push(url);
      }
      return found;
    };

    await openAdmin(page, DEMO.norte, ownServer.state);
    // Staff land on Today (issue 23); billing is one section away, without charts either.
    await expect(page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
    await openSection(page, 'Billing');
    await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toBeVisible();
    await openSection(page, 'Bookings');
    await expect(page.getByRole('heading', { level: 2, name: 'Bookings' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(await withRecharts(), 'no recharts before the KPI section opens').toEqual([]);

    await openSection(page, 'KPIs');
    await expect(page.getByRole('heading', { level: 2, name: 'KPIs' })).toBeVisible();
    await expect(page.getByText('Loading KPIs…')).toHaveCount(0, { timeout: 30_000 });
    expect((await withRecharts()).length, 'recharts arrives with the KPI section').toBe(1);

    const today = todayIn(ZONE);
    // This month at first.
    const first = await readPeriod(page);
    await expect(page.getByTestId('kpi-billing').getByRole('heading', { name: 'Billing this month' })).toBeVisible();

    const day = await choosePeriod(page, 'Today', 'Billing today');
    expect(day.current).toEqual({ start: today, end: today });
    expect(day.previous).toEqual({ start: addDays(today, -1), end: addDays(today, -1) });
    await checkCharts(page, 1);

    // Periods run to date, each against the same days of the one before (issue 25).
    const week = await choosePeriod(page, 'Week', 'Billing this week');
    expect(new Date(`${week.current.start}T12:00:00Z`).getUTCDay(), 'weeks start on Monday').toBe(1);
    expect(week.current.end).toBe(today);
    expect(daysBetween(week.current.start, today)).toBeLessThanOrEqual(7);
    expect(week.previous).toEqual({ start: addDays(week.current.start, -7), end: addDays(today, -7) });
    expect(week.billing).toBeGreaterThanOrEqual(day.billing);
    await checkCharts(page, daysBetween(week.current.start, today));
    await snapshot(page, testInfo, 'kpi-week');

    const month = await choosePeriod(page, 'Month', 'Billing this month');
    expect(month.current.start).toBe(`${today.slice(0, 7)}-01`);
    expect(month.current).toEqual(first.current);
    expect(month.current.end, 'the month runs to today').toBe(today);
    expect(month.previous).toEqual({ start: monthsBack(month.current.start, 1), end: monthsBack(today, 1) });
    expect(month.billing).toBe(first.billing);
    if (week.current.start >= month.current.start) expect(month.billing).toBeGreaterThanOrEqual(week.billing);
    await checkCharts(page, daysBetween(month.current.start, month.current.end));

    const year = await choosePeriod(page, 'Year', 'Billing this year');
    expect(year.current).toEqual({ start: `${today.slice(0, 4)}-01-01`, end: today });
    expect(year.previous).toEqual({ start: monthsBack(year.current.start, 12), end: monthsBack(today, 12) });
    // A year of demo history: the year bills more than its month, unless the month is January.
    if (month.current.start > year.current.start) expect(year.billing).toBeGreaterThan(month.billing);
    expect(year.billing).toBeGreaterThan(0);
    await checkCharts(page, daysBetween(year.current.start, year.current.end));
    await snapshot(page, testInfo, 'kpi-year');

    // A custom range of two weeks some weeks back; the previous period is the same length just before.
    await pickKind(page, 'Custom range');
    await expect(page.getByTestId('kpi-billing').getByRole('heading', { name: 'Billing of the period' })).toBeVisible();
    const start = addDays(today, -50);
    const end = addDays(start, 13);
    await typeDay(page, 'Start date', start);
    await typeDay(page, 'End date', end);
    await expect(page.getByTestId('kpi-current')).toContainText(new RegExp(anySpace(shownDay(end))));
    await expect(page.getByText('Loading KPIs…')).toHaveCount(0, { timeout: 30_000 });
    const custom = await readPeriod(page);
    expect(custom.current).toEqual({ start, end });
    expect(custom.previous).toEqual({ start: addDays(start, -14), end: addDays(start, -1) });
    expect(custom.previous).toEqual(samePeriodBefore(custom.current));
    expect(custom.billing).toBeGreaterThan(0);
    await checkCharts(page, 14);
    await snapshot(page, testInfo, 'kpi-custom-range');
  });
});
