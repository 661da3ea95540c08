import { expect, test } from '@playwright/test';
import { company, openNewestMailTo } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
});

/** The footer's 'Report a problem' button of the page. */
const reportButton = (page: import('@playwright/test').Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Report a problem' });

test('every public page has the Report a problem button', async ({ page, request }) => {
  test.setTimeout(120_000);
  const norte = company(DEMO.norte);
  const config = (await (await request.get(`/api/config/${norte.key}`)).json()) as { idCompany: number };
  const list = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as { data: { key: string }[] };
  expect(list.data.length).toBeGreaterThan(0);
  const pages = [
    `/event/${list.data[0]!.key}`,
    `/${norte.key}/landing`,
    `/events/${norte.key}`,
    '/cancelBooking/not-a-cancel-token',
    '/member/unsubscribe/not-a-member-key',
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(reportButton(page), path).toBeVisible({ timeout: 30_000 });
  }
});

test('a report sent from the events calendar arrives at the company’s problem address', async ({ page }) => {
  test.setTimeout(120_000);
  const fjord = company(DEMO.fjord);
  await page.goto(`/events/${fjord.key}`);
  await reportButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  const subject = `Calendar ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'What happened?' }).fill('The calendar did not show next week.');
  await dialog.getByText("I'm not a robot").click();
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/emails/sendProblemReport'));
  await dialog.getByRole('button', { name: 'Send report' }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByText('Thank you! Your report has been sent.')).toBeVisible();

  // The demo company's problem address receives it (the dev mail page).
  await openNewestMailTo(page, 'fejl@fjordkarting.example', subject);
  await expect(page.getByRole('region', { name: 'Message' })).toContainText('The calendar did not show next week.');
});
