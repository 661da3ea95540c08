import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { company, openNewestMailTo } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';
import { ownClientAddress } from '../support/client-address.ts';

// Opens cancel or unsubscribe pages, whose routes allow 10 requests a minute per client: its own address.
test.use(ownClientAddress);

// The one language rule (web/src/lib/i18n/rule.ts, applied by usePageLanguage): ?lang= in the address,
// then the visitor's earlier choice (this tab's, else one made in another tab), then the browser's
// languages, then the company's default. Circuito Norte defaults to Spanish and Fjord Karting to Danish:
// a German browser must see German on every customer page all the same, ?lang=sv must give Swedish
// everywhere, and a French browser (a language the app does not offer) the company's default everywhere,
// from the first paint on.

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

/** The cancel and unsubscribe paths of a fresh Fjord Karting booking, read from its confirmation mail. */
async function mailedLinks(page: Page, request: APIRequestContext): Promise<{ success: string; cancel: string; unsubscribe: string }> {
  const booked = await bookAtCircuitByApi(request, company(DEMO.fjord), { acceptSendPromo: 1 });
  await openNewestMailTo(page, booked.email, 'booking_confirmation');
  const mail = page.getByRole('region', { name: 'Message' });
  const path = async (name: string) => new URL((await mail.getByRole('link', { name }).getAttribute('href')) ?? '', page.url()).pathname;
  return { success: booked.successUrl, cancel: await path('Cancel my booking'), unsubscribe: await path('Unsubscribe') };
}

test.describe('a browser language the company does not offer', () => {
  test.use({ locale: 'fr-FR' });

  test("every page of the company is in the company's default, the event and cancel pages too", async ({ page, request }) => {
    const routes = await customerRoutes(request);
    const fjord = company(DEMO.fjord);
    const mailed = await mailedLinks(page, request);
    const pages: [string, string, string, string][] = [
      ['booking', routes.booking, 'es-ES', 'Idioma'],
      ['landing', routes.landing, 'es-ES', 'Idioma'],
      ['landingEvents', routes.landingEvents, 'es-ES', 'Idioma'],
      ['calendar', routes.calendar, 'es-ES', 'Idioma'],
      ['event', routes.event, 'es-ES', 'Idioma'],
      ['register', routes.register, 'es-ES', 'Idioma'],
      ['terms', routes.terms, 'da-DK', 'Sprog'],
      ['cancel', mailed.cancel, 'da-DK', 'Sprog'],
      ['unsubscribe', mailed.unsubscribe, 'da-DK', 'Sprog'],
      ['fjord booking', `/${fjord.key}`, 'da-DK', 'Sprog'],
      // The done page's last step is the booking's own language (booked through the API in English).
      ['success', mailed.success, 'en-GB', 'Language'],
      // A page that knows no company: the rule without one, English.
      ['notFound', routes.notFound, 'en-GB', 'Language'],
    ];
    for (const [name, path, culture, label] of pages) {
      await test.step(name, () => expectLanguage(page, path, culture, label));
    }
  });

  test("the landing and event registration pages paint first in the company's language, not English", async ({ page, request }) => {
    const routes = await customerRoutes(request);
    // Records the text of the app's root the first time it shows more than a loading indicator
    // (index.html's and the app's loading screens are role=status; Mantine's style elements are no text),
    // before the test looks at the page.
    await page.addInitScript(() => {
      const w = window as unknown as { firstText?: string };
      const observer = new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root || w.firstText !== undefined) return;
        const content = [...root.children].filter(
          (el) => el.getAttribute('role') !== 'status' && el.tagName !== 'STYLE' && el.tagName !== 'SCRIPT',
        );
        const text = content.map((el) => (el as HTMLElement).innerText).join(' ').trim();
        if (text !== '') {
          w.firstText = text;
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });
    for (const name of ['landing', 'register']) {
      await test.step(name, async () => {
        await page.goto(routes[name]);
        await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible({ timeout: 30_000 });
        const first = await page.evaluate(() => (window as unknown as { firstText?: string }).firstText ?? '');
        // The language selector's label is on both pages: Spanish in the first frame with content.
        expect(first, `${name}: the first text shown`).toContain('Idioma');
        expect(first, `${name}: the first text shown`).not.toContain('Language');
      });
    }
  });
});

test('a language chosen in one tab holds in the other tabs of the browser', async ({ context, request }) => {
  const routes = await customerRoutes(request);
  const first = await context.newPage();
  const second = await context.newPage();
  await expectLanguage(first, routes.event, 'de-DE', 'Sprache');
  await expectLanguage(second, routes.landing, 'de-DE', 'Sprache');

  await first.getByRole('combobox', { name: 'Sprache' }).selectOption('sv-SE');
  await expect(first.locator('html')).toHaveAttribute('lang', 'sv-SE');
  // The other open tab follows at once (the storage event)…
  await expect(second.getByRole('combobox', { name: 'Språk' })).toHaveValue('sv-SE', { timeout: 30_000 });
  await expect(second.locator('html')).toHaveAttribute('lang', 'sv-SE');
  // …and keeps it on its next load, as a new tab does, over the German browser and the company's default.
  await expectLanguage(second, routes.calendar, 'sv-SE', 'Språk');
  const third = await context.newPage();
  await expectLanguage(third, routes.booking, 'sv-SE', 'Språk');
});
