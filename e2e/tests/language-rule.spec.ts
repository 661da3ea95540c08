import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { company } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';
import { ownClientAddress } from '../support/client-address.ts';

// Opens cancel or unsubscribe pages, whose routes allow 10 requests a minute per client: its own address.
test.use(ownClientAddress);

// The one language rule (web/src/lib/i18n/rule.ts): ?lang= in the address, then the visitor's earlier
// choice, then the browser's languages, then the company's default. Circuito Norte defaults to Spanish and
// Fjord Karting to Danish: a German browser must see German on every customer page all the same, and
// ?lang=sv must give Swedish everywhere.

test.use({ locale: 'de-DE' });
// Eleven pages, each in a fresh browser context in the second test: ceilings for a busy machine.
test.describe.configure({ timeout: 240_000 });

/** Every customer route, with real keys from the demo data. */
async function customerRoutes(request: APIRequestContext): Promise<Record<string, string>> {
  const norte = company(DEMO.norte);
  const fjord = company(DEMO.fjord);
  const config = (await (await request.get(`/api/config/${norte.key}`)).json()) as { idCompany: number };
  const events = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as { data: { key: string }[] };
  const event = events.data[0];
  expect(event, 'Circuito Norte has a demo event').toBeDefined();
  const booked = await bookAtCircuitByApi(request, fjord);
  return {
    booking: `/${norte.key}`,
    landing: `/${norte.key}/landing`,
    landingEvents: `/${norte.key}/landingEvents`,
    calendar: `/events/${norte.key}`,
    event: `/event/${event.key}`,
    register: `/event/${event.key}/register`,
    terms: `/terms?company=${fjord.key}`,
    success: booked.successUrl,
    cancel: '/cancelBooking/AAAAAAAAAAAAAAAAAAAAAA',
    unsubscribe: '/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA',
    notFound: '/no/such/page',
  };
}

/** Opens a route and checks the page is in the culture: html lang, the selector's value and its label. */
async function expectLanguage(page: Page, path: string, culture: string, label: string) {
  await page.goto(path);
  const selector = page.getByRole('combobox', { name: label });
  // The booking page shows its loading screen until its products are in: longer on a busy machine.
  await expect(selector, `${path}: the language selector, labelled ${label}`).toBeVisible({ timeout: 30_000 });
  await expect(selector).toHaveValue(culture);
  await expect(page.locator('html'), path).toHaveAttribute('lang', culture);
}

test('with a German browser every customer page is in German, whatever the company default', async ({ page, request }) => {
  const routes = await customerRoutes(request);
  for (const [name, path] of Object.entries(routes)) {
    await test.step(name, () => expectLanguage(page, path, 'de-DE', 'Sprache'));
  }
});

test('?lang= wins over the browser and the company on every customer page', async ({ browser, request }) => {
  const routes = await customerRoutes(request);
  for (const [name, path] of Object.entries(routes)) {
    // A fresh context per page: the address alone decides, not a choice kept from the page before.
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const withLang = `${path}${path.includes('?') ? '&' : '?'}lang=sv`;
    await test.step(name, () => expectLanguage(page, withLang, 'sv-SE', 'Språk'));
    await context.close();
  }
});

test('a choice made with the selector is kept on the next page, over the browser', async ({ page, request }) => {
  const routes = await customerRoutes(request);
  await expectLanguage(page, routes.event, 'de-DE', 'Sprache');
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('da-DK');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da-DK');
  for (const name of ['booking', 'cancel', 'terms']) {
    await test.step(name, () => expectLanguage(page, routes[name], 'da-DK', 'Sprog'));
  }
});
