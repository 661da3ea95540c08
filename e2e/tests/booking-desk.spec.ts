import { expect, test } from '@playwright/test';
import { demoAdmin, sectionRegion, signInByApi } from '../support/admin.ts';
import { openSection } from '../support/admin-money.ts';
import { bookableDay, chooseProduct, next, pickSession, seriousViolations, stageHeading, uniqueEmail } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

/** Circuito Norte's own admin (Circuito Norte takes payments online with the simulated provider). */
const NORTE_ADMIN = 'admin@circuitonorte.example';

test.describe('a walk-in booking taken at the desk by the company’s staff', () => {
  test.describe.configure({ timeout: 180_000 });

  test('New booking in Today opens the booking flow in staff mode; paid now by card terminal, billing shows the method', async ({
    page,
  }, testInfo) => {
    const admin = await signInByApi(page, demoAdmin(NORTE_ADMIN), DEMO.norte);
    const today = sectionRegion(page, 'Today');
    await expect(today).toBeVisible({ timeout: 30_000 });
    await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
    await today.getByRole('link', { name: 'New booking' }).click();

    // The booking flow, in staff mode (the staff cookie goes with it).
    await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
    await chooseProduct(page, 'Tanda adultos 15 minutos', 1);
    await next(page);
    const session = { day: bookableDay(2), time: '16:45:00' };
    await pickSession(page, session);
    await next(page);
    await expect(stageHeading(page, 'Your details')).toBeVisible({ timeout: 30_000 });
    // The e-mail once, no repeat field, no legal-age box: the customer's boxes are not ticked for them.
    const email = uniqueEmail('walkin');
    await page.getByRole('textbox', { name: /^First name/ }).fill('Walk');
    await page.getByRole('textbox', { name: /^E-mail/ }).first().fill(email);
    await expect(page.getByRole('textbox', { name: /^Repeat the e-mail/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'I confirm that I am of legal age.' })).toHaveCount(0);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('611333555');
    await page.getByRole('textbox', { name: /^Name of driver 1/ }).fill('Walk');
    // The company asks for each driver's e-mail: that rule is the company's, not the customer's consent.
    await page.getByRole('textbox', { name: /^E-mail of driver 1/ }).fill(uniqueEmail('walkin-driver'));
    await snapshot(page, testInfo, 'walk-in-register');
    await next(page);
    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(page.getByTestId('desk-booking')).toContainText(`Desk booking by \u2068${admin.user.name}\u2069`);
    await expect(page.getByRole('checkbox', { name: /I have read and accept/ })).toHaveCount(0);
    await page.getByRole('checkbox', { name: /The customer has read and accepted/ }).check();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/booking/saveBooking'));
    await page.getByRole('button', { name: 'Create booking' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ staffMode: 1, customerAcceptedTerms: 1, isPaymentsActive: 0, email });
    const { url } = (await answer.json()) as { url: string };
    expect(url).not.toContain('/pay/sim/');
    await expect(page.getByRole('heading', { level: 2, name: 'Your booking is confirmed!' })).toBeVisible({ timeout: 30_000 });
    const reference = ((await page.getByTestId('booking-reference').textContent()) ?? '').trim();
    expect(reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await snapshot(page, testInfo, 'walk-in-done');

    // Pay now: the back office's Today opens the booking with Record payment; the card terminal.
    await page.getByTestId('desk-pay').getByRole('link', { name: 'Take the payment now' }).click();
    const pay = page.getByRole('dialog', { name: /^Record payment · / });
    await expect(pay).toBeVisible({ timeout: 30_000 });
    await expect(page).not.toHaveURL(/pay=/);
    await pay.getByLabel('Method').selectOption('card_terminal');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay.getByRole('status')).toContainText('(Card terminal)');
    expect(await seriousViolations(page, 'page'), 'axe on the walk-in’s Record payment').toEqual([]);
    await pay.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Payment recorded. The booking is paid.')).toBeVisible();
    const details = page.getByRole('dialog', { name: `Booking ${reference}` });
    await expect(details).toContainText('Taken by');
    await expect(details).toContainText(admin.user.name);
    await details.getByRole('button', { name: 'Close' }).first().click();

    // Billing: the sale, with the method.
    await openSection(page, 'Billing');
    await expect(page.locator('tbody tr[data-testid^="sale-"]').first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Search' }).fill(reference);
    const sale = page.locator('tbody tr[data-testid^="sale-S"]').filter({ hasText: reference });
    await expect(sale).toBeVisible({ timeout: 30_000 });
    await expect(sale).toContainText('Card terminal');
    await snapshot(page, testInfo, 'walk-in-billing');
  });
});
