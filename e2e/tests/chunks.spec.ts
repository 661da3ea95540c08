import { expect, test, type Page } from '@playwright/test';
import { firstCompany } from '../support/state.ts';

/** Loads a page and returns the paths of the JavaScript files the browser fetched for it. */
async function scriptsLoadedBy(page: Page, url: string, ready: () => Promise<void>): Promise<Set<string>> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(url);
  await ready();
  return scripts;
}

test('a customer never downloads back-office code', async ({ browser }) => {
  const adminPage = await browser.newPage();
  const admin = await scriptsLoadedBy(adminPage, '/admin', () =>
    expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible(),
  );
  await adminPage.close();

  const company = firstCompany();
  const bookingPage = await browser.newPage();
  const booking = await scriptsLoadedBy(bookingPage, company.url, () =>
    expect(bookingPage.getByRole('img', { name: company.name })).toBeVisible(),
  );
  await bookingPage.close();

  const adminOnly = [...admin].filter((path) => !booking.has(path));
  expect(adminOnly.length, 'the back office has a chunk of its own').toBeGreaterThan(0);
  expect([...booking].filter((path) => adminOnly.includes(path))).toEqual([]);
});
