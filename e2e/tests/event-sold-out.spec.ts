import { company, seriousViolations } from '../support/booking.ts';
import { expect, test } from '../support/own-server.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

// Whole journeys with axe checks: slow on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

// The Fjord Karting team race (12 places) is sold out on a demo server of this test's own: its places stay
// held for the hold's lifetime, so a retry starts again on a fresh server.
test('a sold-out event shows the not-available page with the newsletter sign-up', async ({ page, request, ownServer }, testInfo) => {
  const fjord = company(DEMO.fjord, ownServer.state);
  expect(fjord).toBeDefined();
  const config = (await (await request.get(`/api/config/${fjord!.key}`)).json()) as { idCompany: number };
  const list = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as {
    data: { name: string; key: string }[];
  };
  const event = list.data.find((e) => e.name.startsWith('Holdløb'));
  expect(event).toBeDefined();

  // Hold every place through the API, one visitor each, until the server answers 421 (noStock).
  let held = 0;
  for (let i = 0; i < 40; i++) {
    const response = await request.post(`/api/event/${event!.key}/register`, {
      headers: { 'X-Visitor-Id': `e2e-sold-out-${i}-${testInfo.workerIndex}` },
    });
    if (response.status() === 421) break;
    expect(response.status()).toBe(200);
    held++;
  }
  expect(held).toBeGreaterThan(0);
  const info = (await (await request.get(`/api/event/${event!.key}`)).json()) as {
    available: boolean;
    reason: string;
    productOrPack: { stock: number };
    data: { newsletterUrl: string; companyWebUrl: string };
  };
  expect(info).toMatchObject({ available: false, reason: 'sold_out', productOrPack: { stock: 0 } });

  await page.goto(`/event/${event!.key}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This race is sold out');
  await expect(page.getByRole('link', { name: 'Register your team' })).toHaveCount(0);
  const newsletter = page.getByRole('link', { name: /Sign up to the newsletter/ });
  await expect(newsletter).toHaveAttribute('href', info.data.newsletterUrl);
  await expect(newsletter).toHaveAttribute('target', '_blank');
  await expect(newsletter).toHaveAttribute('rel', /noopener/);
  const logoLink = page.getByTestId('company-link');
  await expect(logoLink).toHaveAttribute('href', info.data.companyWebUrl);
  await expect(logoLink.getByRole('img', { name: /Fjord Karting/ })).toBeVisible();
  await snapshot(page, testInfo, 'sold-out');
  expect(await seriousViolations(page, 'page')).toEqual([]);

  // A visitor who opens the registration directly is held nothing and sees the same page.
  await page.goto(`/event/${event!.key}/register`);
  await expect(page).toHaveURL(new RegExp(`/event/${event!.key}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This race is sold out');
  await snapshot(page, testInfo, 'sold-out-register');
});
