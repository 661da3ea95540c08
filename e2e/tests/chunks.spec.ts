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

const fileName = (path: string) => path.split('/').pop() ?? path;

test('a customer never downloads back-office code', async ({ browser }) => {
  const adminPage = await browser.newPage();
  // Signed out, /admin sends the browser to /login: the back office's own entry (admin.html).
  const admin = await scriptsLoadedBy(adminPage, '/admin', () =>
    expect(adminPage.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible(),
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
  expect([...admin].some((p) => /\/admin-[\w-]{8}\.js$/.test(p)), 'the back office loads its own entry chunk').toBe(true);
  expect(
    [...booking].map(fileName).filter((name) => /^(admin|admin-locale-[a-z]{2}|TodaySection|BookingsSection|BillingSection|KpiSection)-/.test(name)),
  ).toEqual([]);
});

test('the booking page fetches its language, not every language nor other pages’ texts', async ({ browser }) => {
  // A Spanish browser (es-ES) gets the page in Spanish, which is not bundled: the page must fetch the Spanish
  // chunk and no other language's (English, en-GB, is bundled).
  const company = firstCompany();
  const page = await browser.newPage({ locale: 'es-ES' });
  const scripts = await scriptsLoadedBy(page, company.url, () =>
    expect(page.getByRole('heading', { level: 1 })).toHaveText('Reserva tu tanda de karting'),
  );
  await page.close();
  const locales = [...scripts].map(fileName).filter((name) => name.startsWith('locale-'));
  expect(locales).toEqual([expect.stringMatching(/^locale-es-(?!pages-)/)]);
});

test('the booking page’s scripts and styles arrive Brotli-compressed, as Chromium asks', async ({ browser }) => {
  // Chromium sends "Accept-Encoding: gzip, deflate, br, zstd"; the server has a .br beside each built file.
  const company = firstCompany();
  const page = await browser.newPage();
  const encodings = new Map<string, string | undefined>();
  // headers() is read at once (content-encoding is not one of the security headers it leaves out): an
  // awaited allHeaders() of a late response outlived the closed page and failed the run outside any test.
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!/^\/assets\/.+\.(js|css)$/.test(path)) return;
    encodings.set(fileName(path), response.headers()['content-encoding']);
  });
  await page.goto(company.url);
  await expect(page.getByRole('img', { name: company.name })).toBeVisible();
  await page.close();
  expect(encodings.size).toBeGreaterThan(3);
  expect(Object.fromEntries([...encodings].filter(([, encoding]) => encoding !== 'br'))).toEqual({});
});
