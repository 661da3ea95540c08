import { expect, test } from '../support/own-server.ts';
import { FJORD_ADMIN } from '../support/admin.ts';
import { bookableDay, chooseProduct, company, next, openBooking, pickDay, slot } from '../support/booking.ts';
import { openSettings, saveSettings, signInOn } from '../support/settings.ts';
import { DEMO } from '../support/state.ts';
import { anySpace, shownDay } from '../support/admin-format.ts';

// Closing a day changes what every visitor sees: this spec runs on its own demo server.
test.describe('settings: a special closed day', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a day closed in the special schedule shows no sessions in the customer calendar', async ({ page, ownServer: server }) => {
    const fjord = company(DEMO.fjord, server.state);
    const day = bookableDay(4);
    await openBooking(page, fjord);
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickDay(page, day);
    await expect(slot(page, '12:20:00')).toBeVisible();

    await signInOn(page, server.state, FJORD_ADMIN, DEMO.fjord);
    const dialog = await openSettings(page);
    await dialog.getByRole('tab', { name: '4. Special schedule' }).click();
    await dialog.getByLabel('Date', { exact: true }).fill(day);
    await expect(dialog.getByRole('radio', { name: 'Closed' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('cell', { name: new RegExp(`^${anySpace(shownDay(day))}$`) })).toBeVisible();
    await saveSettings(page, dialog);
    await expect(page.getByText('Setup changed')).toBeVisible();

    // A fresh tab: the wizard keeps a visitor's progress per tab.
    const customer = await page.context().newPage();
    await openBooking(customer, fjord);
    await chooseProduct(customer, 'Voksen – 10 minutter', 1);
    await next(customer);
    await pickDay(customer, day);
    await expect(customer.getByText('No sessions on this day')).toBeVisible();
    await expect(slot(customer, '12:20:00')).toHaveCount(0);
  });
});
