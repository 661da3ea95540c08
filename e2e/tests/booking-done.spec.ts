import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  acceptTerms,
  bookableDay,
  checkStage,
  company,
  openNewestMailTo,
  stageHeading,
  startBooking,
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

/** A short reference as shown: 8 characters without 0, O, 1 and I, in two groups of four. */
const REFERENCE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

test.describe('the done page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shows the short reference and the booking, downloads the .ics and prints without the page chrome', async ({ page }, testInfo) => {
    const fjord = company(DEMO.fjord);
    const email = uniqueEmail('done');
    const day = bookableDay(5);
    await startBooking(page, fjord, { product: 'Voksen – 10 minutter', drivers: 2, session: { day, time: '17:00:00' } });
    await toSummary(page, { nombre: 'Mette', apellidos: 'Hansen', email, phone: '20123456' }, [{ name: 'Mette' }, { name: 'Lars' }]);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Create booking' }).click();
    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeVisible();

    const reference = page.getByTestId('booking-reference');
    await expect(reference).toHaveText(REFERENCE);
    const shown = (await reference.textContent())!.trim();
    const line = page.getByTestId('booking-done-line');
    await expect(line).toContainText('Voksen – 10 minutter');
    await expect(line).toContainText('17:00');
    await expect(line).toContainText('Mette, Lars');
    await expect(page.getByTestId('booking-done-payment')).toContainText('To pay at the circuit');
    await checkStage(page, testInfo, 'done-page');

    // "Add to calendar" downloads the booking's .ics: the circuit's address, the reference, the booking's page.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`booking-${shown}.ics`);
    const ics = (await readFile((await file.path())!, 'utf8')).replace(/\r?\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toMatch(/LOCATION:Fjordvej 8\\, 4000 Roskilde/);
    expect(ics).toContain(shown);
    expect(ics).toMatch(/URL:https?:\/\/[^\r\n]*\/success\?booking=[0-9a-f]{32}&company=/);

    // Printed: the receipt alone, without the header and the buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toBeHidden();
    await expect(page.locator('header').first()).toBeHidden();
    await expect(reference).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // The confirmation mail's subject carries the same short reference.
    await openNewestMailTo(page, email, shown);
    await expect(page.getByRole('region', { name: 'Message' })).toContainText(shown);
  });
});
