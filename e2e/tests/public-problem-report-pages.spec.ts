import { expect, test, type Page } from '@playwright/test';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { company, openNewestMailTo } from '../support/booking.ts';
import { ownClientAddress } from '../support/client-address.ts';
import { DEMO } from '../support/state.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
});

/** The footer's 'Report a problem' button of the page. */
const reportButton = (page: import('@playwright/test').Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Report a problem' });

test('every public page has the Report a problem button', async ({ page, request }) => {
  test.setTimeout(240_000);
  const norte = company(DEMO.norte);
  const fjord = company(DEMO.fjord);
  const config = (await (await request.get(`/api/config/${norte.key}`)).json()) as { idCompany: number };
  const list = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as { data: { key: string }[] };
  expect(list.data.length).toBeGreaterThan(0);
  const eventKey = list.data[0]!.key;
  const booked = await bookAtCircuitByApi(request, fjord);
  const pages = [
    `/${norte.key}`,
    `/event/${eventKey}`,
    `/event/${eventKey}/register`,
    `/${norte.key}/landing`,
    `/events/${norte.key}`,
    `/terms?company=${fjord.key}`,
    '/terms', // the company remembered from the pages before
    booked.successUrl, // the booking's done page (event-register.spec.ts checks an event registration's)
    '/no/such/page', // not found
    `/event/${'x'.repeat(30)}`, // not found: an unknown event
    '/cancelBooking/not-a-cancel-token',
    '/member/unsubscribe/not-a-member-key',
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(reportButton(page), path).toBeVisible({ timeout: 30_000 });
    await expect(reportButton(page), `${path}: one report button`).toHaveCount(1);
  }
  // The kiosk starts in its own language (Circuito Norte's: Spanish), whatever the tab chose.
  await page.goto(`/kiosk/${norte.key}`);
  const kioskReport = page.getByRole('contentinfo').getByRole('button', { name: 'Informar de un problema' });
  await expect(kioskReport, 'the kiosk').toBeVisible({ timeout: 30_000 });
  await expect(kioskReport).toHaveCount(1);
});

/** Sends a report through the page's footer dialog, solving the captcha as a visitor does. */
async function sendReport(page: Page, subject: string, text: string): Promise<void> {
  await reportButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'What happened?' }).fill(text);
  await dialog.getByText("I'm not a robot").click();
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/emails/sendProblemReport'));
  await dialog.getByRole('button', { name: 'Send report' }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByText('Thank you! Your report has been sent.')).toBeVisible();
}

test('a report sent from the events calendar arrives at the company’s problem address', async ({ page }) => {
  test.setTimeout(120_000);
  const fjord = company(DEMO.fjord);
  await page.goto(`/events/${fjord.key}`);
  const subject = `Calendar ${Date.now()}`;
  await sendReport(page, subject, 'The calendar did not show next week.');

  // The demo company's problem address receives it (the dev mail page).
  await openNewestMailTo(page, 'fejl@fjordkarting.example', subject);
  await expect(page.getByRole('region', { name: 'Message' })).toContainText('The calendar did not show next week.');
});

test.describe('pages that know no company', () => {
  // Opens cancel and unsubscribe pages, whose routes allow 10 requests a minute per client: its own address.
  test.use(ownClientAddress);

  test('reports from the cancel and unsubscribe pages reach the problem address of the company whose link it is', async ({ page, request }) => {
    test.setTimeout(150_000);
    const booked = await bookAtCircuitByApi(request, company(DEMO.fjord), { acceptSendPromo: 1 });
    await openNewestMailTo(page, booked.email, 'booking_confirmation');
    const mail = page.getByRole('region', { name: 'Message' });
    const path = async (name: string) => new URL((await mail.getByRole('link', { name }).getAttribute('href')) ?? '', page.url()).pathname;
    const cancelPath = await path('Cancel my booking');
    const unsubscribePath = await path('Unsubscribe');
    expect(cancelPath).toMatch(/^\/cancelBooking\/[A-Za-z0-9_-]{22,64}$/);
    expect(unsubscribePath).toMatch(/^\/member\/unsubscribe\/[A-Za-z0-9_-]{22}$/);

    // The cancel page (nothing is cancelled by opening it): the report names no company, the token does.
    await page.goto(cancelPath);
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible({ timeout: 30_000 });
    const cancelSubject = `Cancel page ${Date.now()}`;
    await sendReport(page, cancelSubject, 'I cannot find the refund amount.');
    await openNewestMailTo(page, 'fejl@fjordkarting.example', cancelSubject);
    await expect(page.getByRole('region', { name: 'Message' })).toContainText('I cannot find the refund amount.');
    await expect(page.getByRole('region', { name: 'Message' })).toContainText('Fjord Karting');

    // The unsubscribe page (opening it unsubscribes nobody: it asks first).
    await page.goto(unsubscribePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from news and offers' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Stop promotional e-mails' })).toBeVisible();
    const unsubscribeSubject = `Unsubscribe page ${Date.now()}`;
    await sendReport(page, unsubscribeSubject, 'I still get the newsletter.');
    await openNewestMailTo(page, 'fejl@fjordkarting.example', unsubscribeSubject);
    await expect(page.getByRole('region', { name: 'Message' })).toContainText('I still get the newsletter.');
  });
});
