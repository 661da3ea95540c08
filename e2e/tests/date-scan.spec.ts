import { expect, test, type APIRequestContext } from '@playwright/test';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { company } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';
import { ownClientAddress } from '../support/client-address.ts';

// Opens cancel or unsubscribe pages, whose routes allow 10 requests a minute per client: its own address.
test.use(ownClientAddress);

// customer-side.md's numeric date rule: DD-MM-YYYY in Spanish, YYYY-MM-DD in every other language. Dates
// written out in words ("sábado, 5 de diciembre de 2026") are fine; any other numeric form is not. Every
// customer route is opened in each of the seven languages and its text scanned.

const LANGUAGES = ['en', 'es', 'da', 'ar', 'de', 'nb', 'sv'] as const;
const CULTURES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'en-GB', es: 'es-ES', da: 'da-DK', ar: 'ar-SA', de: 'de-DE', nb: 'nb-NO', sv: 'sv-SE',
};

/** Every numeric date in a text, with what the rule thinks of it. */
function badDates(text: string, language: string): string[] {
  const bad: string[] = [];
  const iso = /(?<![\d.\/-])\d{4}-\d{2}-\d{2}(?![\d\/-])/g;
  const dmy = /(?<![\d.\/-])\d{2}-\d{2}-\d{4}(?![\d\/-])/g;
  const other = /(?<![\d.\/-])(\d{1,2}[\/.]\d{1,2}[\/.]\d{2,4}|\d{4}\/\d{1,2}\/\d{1,2})(?![\d\/.])/g;
  if (language === 'es') bad.push(...(text.match(iso) ?? []));
  else bad.push(...(text.match(dmy) ?? []));
  bad.push(...(text.match(other) ?? []));
  return bad;
}

async function customerRoutes(request: APIRequestContext): Promise<Record<string, string>> {
  const norte = company(DEMO.norte);
  const fjord = company(DEMO.fjord);
  const config = (await (await request.get(`/api/config/${norte.key}`)).json()) as { idCompany: number };
  const events = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as { data: { key: string }[] };
  expect(events.data.length, 'Circuito Norte has demo events').toBeGreaterThan(0);
  const booked = await bookAtCircuitByApi(request, fjord);
  return {
    booking: `/${norte.key}`,
    landing: `/${norte.key}/landing`,
    landingEvents: `/${norte.key}/landingEvents`,
    calendar: `/events/${norte.key}`,
    event: `/event/${events.data[0].key}`,
    register: `/event/${events.data[0].key}/register`,
    terms: `/terms?company=${fjord.key}`,
    success: booked.successUrl,
    cancel: '/cancelBooking/AAAAAAAAAAAAAAAAAAAAAA',
    unsubscribe: '/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA',
  };
}

test('the rule finds the dates it must', () => {
  expect(badDates('Sábado 05-12-2026 y 2026-12-05', 'es')).toEqual(['2026-12-05']);
  expect(badDates('Saturday 2026-12-05, not 05-12-2026 or 5/12/2026 or 05.12.2026', 'en')).toEqual(['05-12-2026', '5/12/2026', '05.12.2026']);
  expect(badDates('22.00 € at 10:00, ref ABCD-2345, 2026-12-05 10:00', 'de')).toEqual([]);
});

test('no customer page writes a numeric date against the rule, in any language', async ({ page, request }) => {
  test.setTimeout(600_000); // seventy page loads: under five minutes on a quiet two-core machine
  const routes = await customerRoutes(request);
  const found: string[] = [];
  for (const language of LANGUAGES) {
    for (const [name, path] of Object.entries(routes)) {
      const url = `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
      await page.goto(url);
      await expect(page.getByRole('combobox').first(), `${name} in ${language}`).toHaveValue(CULTURES[language]);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      // The booking page and the calendar fill in their products and events after the first paint.
      await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
      const text = await page.locator('body').innerText();
      for (const date of badDates(text, language)) found.push(`${name} in ${language}: ${date}`);
    }
  }
  expect(found).toEqual([]);
});
