import { expect, test } from '@playwright/test';
import { chooseSection, demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { seriousViolations } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';
import { shownDateTime } from '../support/admin-format.ts';

test.describe.configure({ timeout: 120_000 });

test("the back office's events calendar opens on the next event's week with it in view; a click opens its times, places and address", async ({ page }) => {
  const answer = await signInByApi(page, demoAdmin(SUPPORT), DEMO.norte);
  const idCompany = answer.companies.find((c) => c.companyName === DEMO.norte)!.idCompany;
  // The company's next event (today to two months ahead), as the public calendar call lists it.
  const listed = (await (await page.request.get(`/api/event?idCompany=${idCompany}`)).json()) as {
    data: { name: string; dateStart: string; dateEnd: string; key: string; placesTaken: number; capacity: number | null }[];
  };
  const event = [...listed.data].sort((a, b) => a.dateStart.localeCompare(b.dateStart))[0];
  expect(event, 'the demo has an upcoming event').toBeDefined();

  await chooseSection(page, 'Events');
  const section = page.getByRole('region', { name: 'Events calendar' });
  const calendar = section.getByTestId('admin-events-calendar');
  await expect(calendar).toBeVisible({ timeout: 30_000 });
  // No clicking forward: the calendar opens on the next event's week, scrolled so the event is in view.
  await expect(calendar.locator(`[role="columnheader"][data-date="${event.dateStart.slice(0, 10)}"]`).first()).toBeVisible({ timeout: 30_000 });
  const entry = calendar.getByText(event.name).first();
  await expect(entry).toBeInViewport();
  // Rows of 15 or 30 minutes, never the 8 of before.
  const labels = await calendar.locator('[data-time]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-time')));
  const minutes = new Set(labels.filter(Boolean).map((time) => Number(time!.slice(3, 5))));
  expect([...minutes].every((m) => m % 15 === 0), `row times ${[...minutes].join(', ')}`).toBe(true);
  await entry.click();
  const dialog = page.getByRole('dialog', { name: event.name });
  await expect(dialog.getByTestId('event-start')).toHaveText(shownDateTime(event.dateStart));
  await expect(dialog.getByTestId('event-end')).toHaveText(shownDateTime(event.dateEnd));
  // The places taken against the capacity, and the event's public address to copy or open.
  await expect(dialog.getByTestId('event-places')).toHaveText(
    event.capacity === null ? `${event.placesTaken} (no limit)` : `${event.placesTaken} of ${event.capacity} places`,
  );
  const address = new URL(`/event/${event.key}`, page.url()).toString();
  await expect(dialog.getByTestId('event-address')).toHaveText(address);
  await expect(dialog.getByRole('link', { name: 'Open' })).toHaveAttribute('href', address);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(await seriousViolations(page, 'wizard'), 'axe on the event popup').toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});
