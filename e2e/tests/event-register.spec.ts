import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { checkPage, company as demoCompany } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import type { DemoCompany } from '../support/state.ts';

interface CalendarEvent {
  id: number;
  name: string;
  key: string;
  dateStart: string;
}

/** The demo company called name, with its id from its configuration. */
async function company(request: APIRequestContext, name: string): Promise<DemoCompany & { id: number }> {
  const found = demoCompany(name);
  const config = (await (await request.get(`/api/config/${found.key}`)).json()) as { idCompany: number };
  return { ...found, id: config.idCompany };
}

/** The company's upcoming events (today to two months ahead). */
async function events(request: APIRequestContext, idCompany: number): Promise<CalendarEvent[]> {
  const response = await request.get(`/api/event?idCompany=${idCompany}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: CalendarEvent[] }).data;
}

/** The simulated provider's card page speaks the registration's language: its labels in English and Spanish. */
const CARD_PAGE = {
  en: { number: 'Card number', expiry: 'Expiry date (MM/YY)', cvc: 'Security code (CVC)', name: 'Name on the card', pay: /^Pay / },
  es: { number: 'Número de tarjeta', expiry: 'Fecha de caducidad (MM/AA)', cvc: 'Código de seguridad (CVC)', name: 'Nombre en la tarjeta', pay: /^Pagar / },
} as const;

/** Pays on the simulated provider's card page with the approved test card; returns the booking identifier. */
async function payWithTestCard(page: Page, testInfo: TestInfo, lang: keyof typeof CARD_PAGE = 'en'): Promise<string> {
  const label = CARD_PAGE[lang];
  await expect(page).toHaveURL(/\/pay\/sim\//);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByLabel(label.number).fill('4242 4242 4242 4242');
  await page.getByLabel(label.expiry).fill('12/30');
  await page.getByLabel(label.cvc).fill('123');
  const name = page.getByLabel(label.name);
  if ((await name.inputValue()) === '') await name.fill('Ana García');
  await snapshot(page, testInfo, 'provider');
  await page.getByRole('button', { name: label.pay }).click();
  await expect(page).toHaveURL(/\/success\?booking=/);
  const identifier = new URL(page.url()).searchParams.get('booking');
  expect(identifier).toBeTruthy();
  return identifier!;
}

/** Waits until the server says the booking is paid. */
async function expectPaid(request: APIRequestContext, identifier: string) {
  await expect
    .poll(async () => ((await (await request.get(`/api/booking/status/${identifier}`)).json()) as { status: string }).status)
    .toBe('pagada');
}

test.describe('event registration', () => {
  test.describe.configure({ timeout: 120_000 });

  test.describe('in a Spanish browser', () => {
    test.use({ locale: 'es-ES' });

    test('an individual registers from the events calendar and pays online', async ({ page, request }, testInfo) => {
      const norte = await company(request, 'Circuito Norte');
      const event = (await events(request, norte.id)).find((e) => e.name === 'Copa Norte Nocturna');
      expect(event).toBeDefined();

      await page.goto(`/events/${norte.key}`);
      await page.getByTestId('upcoming-events').getByRole('button', { name: new RegExp(event!.name) }).click();
      const dialog = page.getByRole('dialog', { name: event!.name });
      await dialog.getByRole('link').click();

      // The event page: the event's own template and the Register button.
      await expect(page).toHaveURL(new RegExp(`/event/${event!.key}`));
      await expect(page.getByRole('heading', { level: 1, name: event!.name })).toBeVisible();
      await expect(page.getByTestId('event-template').getByRole('heading', { level: 2 })).toHaveText(event!.name);
      await checkPage(page, testInfo, '1-event');
      await page.getByRole('link', { name: /inscribirme|register/i }).click();

      // Register stage.
      const heading = page.getByRole('heading', { level: 2 });
      await expect(heading).toHaveText('Tus datos');
      // Opening the page takes no place; starting the registration does, and a reload keeps that one.
      const stock = async () => {
        const info = (await (await request.get(`/api/event/${event!.key}`)).json()) as { productOrPack: { stock: number } };
        return info.productOrPack.stock;
      };
      const before = await stock();
      await expect(page.getByTestId('hold-countdown')).toHaveCount(0);
      const next = page.getByRole('button', { name: 'Siguiente' });
      await expect(next).toBeDisabled();
      await page.getByRole('textbox', { name: 'Nombre del piloto' }).fill('Ana García');
      await expect(page.getByTestId('hold-countdown')).toBeVisible();
      expect(await stock()).toBe(before - 1);
      await page.reload();
      await expect(page.getByTestId('hold-countdown')).toBeVisible();
      expect(await stock()).toBe(before - 1);
      await page.getByRole('textbox', { name: 'Nombre del piloto' }).fill('Ana García');
      await page.getByRole('textbox', { name: 'Teléfono' }).fill('600123456');
      await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill('ana@example.com');
      await page.getByRole('textbox', { name: 'Repite el correo electrónico' }).fill('ana@example.com');
      await expect(next).toBeDisabled(); // the age confirmation is required
      await page.getByRole('checkbox', { name: 'Confirmo que tengo 16 años o más.' }).check();
      await expect(next).toBeEnabled();
      await checkPage(page, testInfo, '2-register');
      await next.click();

      // Summary stage.
      await expect(heading).toHaveText('Resumen');
      await expect(heading).toBeFocused();
      await expect(page.getByTestId('summary-nick')).toHaveText('Ana García');
      await expect(page.getByTestId('summary-phone')).toHaveText('+34 600 12 34 56');
      await expect(page.getByTestId('summary-total')).toContainText('45,00');
      await page.getByRole('button', { name: 'condiciones generales de venta' }).click();
      await expect(page.getByRole('dialog', { name: 'Condiciones generales de venta' })).toContainText('Circuito Norte');
      await page.keyboard.press('Escape');
      const pay = page.getByRole('button', { name: /^Pagar/ });
      await expect(pay).toBeDisabled();
      await page.getByRole('checkbox', { name: /acepto/ }).check();
      await checkPage(page, testInfo, '3-summary');
      await pay.click();

      const identifier = await payWithTestCard(page, testInfo, 'es');
      await expectPaid(request, identifier);
      await snapshot(page, testInfo, '4-success');
    });
  });

  test('a team registers with an exclusive category, in English', async ({ page, request }, testInfo) => {
    const norte = await company(request, 'Circuito Norte');
    const event = (await events(request, norte.id)).find((e) => e.name.startsWith('Resistencia'));
    expect(event).toBeDefined();

    // The company's landing page remembers the company for the session, as its booking page does.
    await page.goto(`/${norte.key}/landing`);
    await page.getByRole('combobox', { name: /idioma|language/i }).selectOption('en-GB');
    await page.goto(`/event/${event!.key}`);
    await expect(page.getByText('Team race')).toBeVisible();
    await page.getByRole('link', { name: 'Register your team' }).click();

    const heading = page.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText('Your details');
    await expect(page.getByRole('navigation', { name: 'Registration steps' })).toContainText('Summary');
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByRole('textbox', { name: 'Team name' }).fill('Los Rápidos');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('600123456');
    await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill('team@example.com');
    await page.getByRole('textbox', { name: 'Repeat the e-mail address' }).fill('team@example.org');
    await page.getByRole('textbox', { name: 'Team name' }).focus();
    await expect(page.getByText('The e-mail addresses do not match.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Repeat the e-mail address' }).fill('team@example.com');
    await page.getByRole('checkbox', { name: 'Todos los pilotos del equipo son mayores de edad.' }).check();
    await expect(next).toBeDisabled(); // the exclusive category needs one choice
    await expect(page.getByRole('radiogroup', { name: /Categoría/ })).toBeVisible();
    await page.getByRole('radio', { name: 'Senior' }).check();
    await expect(next).toBeEnabled();
    await checkPage(page, testInfo, '1-register-team');
    await next.click();

    await expect(heading).toHaveText('Summary');
    await expect(page.getByTestId('summary-nick')).toHaveText('Los Rápidos - SR');
    await checkPage(page, testInfo, '2-summary-team');
    // Back to the form: the short name comes off the name, and on again on the way forward.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: 'Team name' })).toHaveValue('Los Rápidos');
    await next.click();
    await expect(page.getByTestId('summary-nick')).toHaveText('Los Rápidos - SR');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await page.getByRole('button', { name: /^Pay / }).click();

    const identifier = await payWithTestCard(page, testInfo);
    await expectPaid(request, identifier);
    // The done page tells what a session booking's does: the reference, the event's date and time,
    // "Add to calendar" (its .ics), under the circuit's header.
    await expect(page.getByTestId('booking-done-details')).toBeVisible();
    await expect(page.getByTestId('booking-done-line')).toContainText(/\d{2}:\d{2}/);
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/booking/ics/${identifier}`);
    // …and the check-in QR the desk scans, as a booking's done page does (its code is the booking's).
    await expect(page.getByRole('img', { name: `Check-in QR code of booking ${(await page.getByTestId('booking-reference').textContent())!.trim()}` })).toBeVisible();
    await expect(page.getByTestId('branded-header')).toBeVisible();
    // …and the problem report, as every public page has.
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Report a problem' })).toBeVisible();
    const ics = await request.get(`/api/booking/ics/${identifier}`);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    await snapshot(page, testInfo, '3-success-team');
  });
});
