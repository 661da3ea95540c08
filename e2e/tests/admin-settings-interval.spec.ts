import { expect, test } from '../support/own-server.ts';
import { FJORD_ADMIN } from '../support/admin.ts';
import { bookableDay, chooseProduct, company, next, openBooking, pickDay, seriousViolations, slot } from '../support/booking.ts';
import { openSettings, saveSettings, signInOn } from '../support/settings.ts';
import { DEMO } from '../support/state.ts';

// The specs that change settings run on their own demo server, so the shared one keeps its sessions.
test.describe('settings: the session interval', () => {
  test.describe.configure({ timeout: 180_000 });

  test('changing the interval from 20 to 30 minutes changes the sessions the wizard offers at once', async ({ page, ownServer: server }) => {
    const fjord = company(DEMO.fjord, server.state);
    const day = bookableDay(3);
    await openBooking(page, fjord);
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickDay(page, day);
    await expect(slot(page, '12:20:00')).toBeVisible();

    await signInOn(page, server.state, FJORD_ADMIN, DEMO.fjord);
    const dialog = await openSettings(page);
    const interval = dialog.getByLabel('Session length (minutes)');
    await expect(interval).toHaveValue('20');
    expect(await seriousViolations(page, 'page'), 'axe on the settings dialog').toEqual([]);
    await interval.fill('30');
    await saveSettings(page, dialog);
    await expect(page.getByText('Setup changed')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // A fresh tab: the wizard keeps a visitor's progress per tab.
    const customer = await page.context().newPage();
    await openBooking(customer, fjord);
    await chooseProduct(customer, 'Voksen – 10 minutter', 1);
    await next(customer);
    await pickDay(customer, day);
    await expect(slot(customer, '12:30:00')).toBeVisible();
    await expect(slot(customer, '12:20:00')).toHaveCount(0);
  });
});
