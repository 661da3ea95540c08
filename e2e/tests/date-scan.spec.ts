import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { company } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';
import { ownClientAddress } from '../support/client-address.ts';

// Opens cancel or unsubscribe pages, whose routes allow 10 requests a minute per client: its own address.
test.use(ownClientAddress);

// customer-side.md's numeric date rule: DD-MM-YYYY in Spanish, YYYY-MM-DD in every other language. Dates
// written out in words ("sábado, 5 de diciembre de 2026") are fine; any other numeric form is not. Every
// customer route is scanned in each of the seven languages: one test per route, which opens the route once,
// with ?lang= (each route starts with another language, so every language is also opened that way), and
// then switches the page to each other language with its language selector, as a visitor does.

const LANGUAGES = ['en', 'es', 'da', 'ar', 'de', 'nb', 'sv'] as const;
type Language = (typeof LANGUAGES)[number];
const CULTURES: Record<Language, string> = {
  en: 'en-GB', es: 'es-ES', da: 'da-DK', ar: 'ar-SA', de: 'de-DE', nb: 'nb-NO', sv: 'sv-SE',
};

const ISO = /(?<![\d.\/-])\d{4}-\d{2}-\d{2}(?![\d\/-])/g;
const DMY = /(?<![\d.\/-])\d{2}-\d{2}-\d{4}(?![\d\/-])/g;

/** Every numeric date in a text, with what the rule thinks of it. */
function badDates(text: string, language: string): string[] {
  const bad: string[] = [];
  const other = /(?<![\d.\/-])(\d{1,2}[\/.]\d{1,2}[\/.]\d{2,4}|\d{4}\/\d{1,2}\/\d{1,2})(?![\d\/.])/g;
  if (language === 'es') bad.push(...(text.match(ISO) ?? []));
  else bad.push(...(text.match(DMY) ?? []));
  bad.push(...(text.match(other) ?? []));
  return bad;
}

/** The numeric dates of a text written as the rule wants them in `language`. */
function goodDates(text: string, language: string): string[] {
  return text.match(language === 'es' ? DMY : ISO) ?? [];
}

/**
 * What shows that a route's page has drawn what it loads, so that its text is scanned whole (not a loading
 * screen): the routes that show the demo's events show their dates (written as the rule wants, so in the
 * page's language); the others, the element their data fills.
 */
type Ready = (page: Page, language: Language) => Promise<void>;
const showsDates: Ready = async (page, language) => {
  await expect
    .poll(async () => goodDates(await page.locator('body').innerText(), language).length, { message: 'the page shows its dates' })
    .toBeGreaterThan(0);
};
const shows = (find: (page: Page) => Locator): Ready => async (page) => {
  await expect(find(page)).toBeVisible();
};

/** Where a route is and what shows that its page is drawn. */
interface Route {
  path: string;
  ready: Ready;
}

const heading = shows((page) => page.getByRole('heading', { level: 1 }));

/** The customer routes, with real keys from the demo data (a booking made through the API for the success page). */
const ROUTES: Record<string, (request: APIRequestContext) => Promise<Route>> = {
  booking: async () => ({ path: `/${company(DEMO.norte).key}`, ready: shows((page) => page.getByTestId(/^product-/).first()) }),
  landing: async () => ({ path: `/${company(DEMO.norte).key}/landing`, ready: shows((page) => page.getByRole('main').getByRole('link').first()) }),
  landingEvents: async () => ({ path: `/${company(DEMO.norte).key}/landingEvents`, ready: showsDates }),
  calendar: async () => ({
    path: `/events/${company(DEMO.norte).key}`,
    ready: async (page, language) => {
      await expect(page.locator('[role="columnheader"][data-date]').first()).toBeVisible();
      await showsDates(page, language);
    },
  }),
  event: async (request) => ({ path: `/event/${await norteEvent(request)}`, ready: showsDates }),
  register: async (request) => ({ path: `/event/${await norteEvent(request)}/register`, ready: showsDates }),
  terms: async () => ({ path: `/terms?company=${company(DEMO.fjord).key}`, ready: shows((page) => page.getByTestId('terms-text')) }),
  success: async (request) => ({
    path: (await bookAtCircuitByApi(request, company(DEMO.fjord))).successUrl,
    ready: shows((page) => page.getByTestId('booking-done-line')),
  }),
  cancel: async () => ({ path: '/cancelBooking/AAAAAAAAAAAAAAAAAAAAAA', ready: heading }),
  unsubscribe: async () => ({ path: '/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA', ready: heading }),
};

/** The key of Circuito Norte's first upcoming event. */
async function norteEvent(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get(`/api/config/${company(DEMO.norte).key}`)).json()) as { idCompany: number };
  const events = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as { data: { key: string }[] };
  expect(events.data.length, 'Circuito Norte has demo events').toBeGreaterThan(0);
  return events.data[0].key;
}

test('the rule finds the dates it must', () => {
  expect(badDates('Sábado 05-12-2026 y 2026-12-05', 'es')).toEqual(['2026-12-05']);
  expect(badDates('Saturday 2026-12-05, not 05-12-2026 or 5/12/2026 or 05.12.2026', 'en')).toEqual(['05-12-2026', '5/12/2026', '05.12.2026']);
  expect(badDates('22.00 € at 10:00, ref ABCD-2345, 2026-12-05 10:00', 'de')).toEqual([]);
  expect(goodDates('Sábado 05-12-2026 y 2026-12-05', 'es')).toEqual(['05-12-2026']);
  expect(goodDates('Sábado 05-12-2026 y 2026-12-05', 'sv')).toEqual(['2026-12-05']);
});

for (const [index, [name, route]] of Object.entries(ROUTES).entries()) {
  test(`no customer page writes a numeric date against the rule, in any language: ${name}`, async ({ page, request }) => {
    test.setTimeout(120_000); // a page load and six language switches on a busy two-core machine
    const { path, ready } = await route(request);
    // Each route starts with another language, opened with ?lang=; then the page's own language selector.
    const order = [...LANGUAGES.slice(index % LANGUAGES.length), ...LANGUAGES.slice(0, index % LANGUAGES.length)];
    const found: string[] = [];
    for (const [i, language] of order.entries()) {
      await test.step(language, async () => {
        const selector = page.getByRole('combobox').first();
        if (i === 0) await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
        else await selector.selectOption(CULTURES[language]);
        await expect(selector, `${name} in ${language}`).toHaveValue(CULTURES[language]);
        // <html lang> follows the language once the page has been drawn in it (app/DirectionSync.tsx).
        await expect(page.locator('html')).toHaveAttribute('lang', CULTURES[language]);
        await expect(page.locator('h1, h2').first()).toBeVisible();
        await ready(page, language);
        const text = await page.locator('body').innerText();
        for (const date of badDates(text, language)) found.push(`${name} in ${language}: ${date}`);
      });
    }
    expect(found).toEqual([]);
  });
}
