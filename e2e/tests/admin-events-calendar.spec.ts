import { expect, test } from '@playwright/test';
import { test as ownServerTest } from '../support/own-server.ts';
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

// Editing changes what the first test reads (the next event's name and places): on a server of its own.
ownServerTest(
  "the popup's Edit opens the event form filled; Back asks before losing a change; the saved name and places show in the popup, the calendar and the event's page",
  async ({ page, ownServer }) => {
    const answer = await signInByApi(page, demoAdmin(SUPPORT, ownServer.state), DEMO.norte);
    const idCompany = answer.companies.find((c) => c.companyName === DEMO.norte)!.idCompany;
    const listed = (await (await page.request.get(`/api/event?idCompany=${idCompany}`)).json()) as {
      data: { name: string; dateStart: string; key: string; placesTaken: number; capacity: number | null }[];
    };
    const event = [...listed.data].sort((a, b) => a.dateStart.localeCompare(b.dateStart))[0];
    const renamed = `${event.name} (edited)`;
    const capacity = Math.max(event.capacity ?? 0, event.placesTaken) + 5;

    await chooseSection(page, 'Events');
    const calendar = page.getByRole('region', { name: 'Events calendar' }).getByTestId('admin-events-calendar');
    await calendar.getByText(event.name).first().click({ timeout: 30_000 });
    const popup = page.getByRole('dialog', { name: event.name });
    await popup.getByRole('button', { name: 'Edit' }).click();

    const form = page.getByRole('dialog', { name: 'Edit event' });
    const name = form.getByRole('textbox', { name: /^Name/ });
    await expect(name).toHaveValue(event.name);
    await name.fill(renamed);
    // The browser's Back with a change typed: the dialog asks, and keeping on editing keeps the change.
    await page.goBack();
    const ask = page.getByRole('dialog', { name: 'Discard changes?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(name).toHaveValue(renamed);

    const stock = form.getByRole('textbox', { name: /^Stock/ });
    await expect(stock).toHaveAccessibleDescription(new RegExp(`${event.placesTaken} places are already taken`));
    await stock.fill(String(capacity));
    await form.getByRole('tab', { name: 'Discounts', exact: true }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();

    // The popup comes back with the saved values, and the calendar draws the new name.
    const saved = page.getByRole('dialog', { name: renamed });
    await expect(saved.getByTestId('event-places')).toHaveText(`${event.placesTaken} of ${capacity} places`);
    await saved.getByRole('button', { name: 'Close' }).first().click();
    await expect(calendar.getByText(renamed).first()).toBeVisible();

    await page.goto(`/event/${event.key}`);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible({ timeout: 30_000 });
  },
);
