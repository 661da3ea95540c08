import { expect, test } from '@playwright/test';
import { company, seriousViolations } from '../support/booking.ts';
import { showWeekOf } from '../support/calendar.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

// Whole journeys with axe checks: slow on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

/** "YYYY-MM-DD HH:mm:ss" as the dialog shows it: DD-MM-YYYY HH:mm in Spanish, YYYY-MM-DD HH:mm otherwise. */
function shown(local: string, spanish: boolean): string {
  const [y, m, d] = local.slice(0, 10).split('-');
  return `${spanish ? `${d}-${m}-${y}` : `${y}-${m}-${d}`} ${local.slice(11, 16)}`;
}

test.describe('in a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('the events calendar shows the demo events by week and opens a dialog with start and end', async ({ page, request }, testInfo) => {
    const norte = company(DEMO.norte);
    const config = (await (await request.get(`/api/config/${norte.key}`)).json()) as { idCompany: number };
    const { data } = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as {
      data: { name: string; dateStart: string; dateEnd: string }[];
    };
    const event = data.find((e) => e.name === 'Copa Norte Nocturna')!;
    expect(event).toBeDefined();

    await page.goto(`/events/${norte.key}`);
    // A visitor whose browser is Spanish (es-ES) gets the page in Spanish.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendario de eventos');
    const calendar = page.getByTestId('events-calendar');
    await expect(calendar).toBeVisible();

    // Move week by week (the "next" button of the calendar's toolbar) until the event's week is shown.
    await showWeekOf(calendar, calendar.getByRole('button', { name: /siguiente|next/i }), event.dateStart.slice(0, 10));
    const inGrid = calendar.getByText(event.name);
    await expect(inGrid).toBeVisible();
    await snapshot(page, testInfo, 'calendar-week');
    expect(await seriousViolations(page, 'page')).toEqual([]);

    await inGrid.click();
    const dialog = page.getByRole('dialog', { name: event.name });
    await expect(dialog.getByTestId('event-start')).toHaveText(shown(event.dateStart, true));
    await expect(dialog.getByTestId('event-end')).toHaveText(shown(event.dateEnd, true));
    await snapshot(page, testInfo, 'calendar-dialog');
    expect(await seriousViolations(page, 'page')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(dialog).toBeHidden();

    // In English the dates read YYYY-MM-DD.
    await page.getByRole('banner').getByRole('combobox').selectOption('en-GB');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events calendar');
    await page.getByTestId('upcoming-events').getByRole('button', { name: new RegExp(event.name) }).click();
    await expect(page.getByRole('dialog', { name: event.name }).getByTestId('event-start')).toHaveText(shown(event.dateStart, false));
  });
});

test('the events calendar fits a phone screen', async ({ page }, testInfo) => {
  const norte = company(DEMO.norte);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/events/${norte.key}`);
  await expect(page.getByTestId('events-calendar')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(page, testInfo, 'calendar-phone');
});
