import { expect, test } from '@playwright/test';
import { chooseSection, demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { showWeekOf } from '../support/calendar.ts';
import { DEMO } from '../support/state.ts';
import { shownDateTime } from '../support/admin-format.ts';

test.describe.configure({ timeout: 120_000 });

test("the back office's events calendar shows the week's events; a click opens the event's start and end", async ({ page }) => {
  const answer = await signInByApi(page, demoAdmin(SUPPORT), DEMO.norte);
  const idCompany = answer.companies.find((c) => c.companyName === DEMO.norte)!.idCompany;
  // The company's next event (today to two months ahead), as the public calendar call lists it.
  const listed = (await (await page.request.get(`/api/event?idCompany=${idCompany}`)).json()) as {
    data: { name: string; dateStart: string; dateEnd: string }[];
  };
  const event = [...listed.data].sort((a, b) => a.dateStart.localeCompare(b.dateStart))[0];
  expect(event, 'the demo has an upcoming event').toBeDefined();

  await chooseSection(page, 'Events');
  const section = page.getByRole('region', { name: 'Events calendar' });
  const calendar = section.getByTestId('admin-events-calendar');
  await expect(calendar).toBeVisible({ timeout: 30_000 });
  // Forward week by week until the event's week shows (at most ten weeks ahead), and its events are in.
  await showWeekOf(calendar, calendar.getByRole('button', { name: /next/i }), event.dateStart.slice(0, 10));
  const entry = calendar.getByText(event.name).first();
  await expect(entry).toBeVisible();
  await entry.click();
  const dialog = page.getByRole('dialog', { name: event.name });
  await expect(dialog.getByTestId('event-start')).toHaveText(shownDateTime(event.dateStart));
  await expect(dialog.getByTestId('event-end')).toHaveText(shownDateTime(event.dateEnd));
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});
