import type { Page } from '@playwright/test';
import { expect, test, type ExtraServer } from '../support/own-server.ts';
import { FJORD_ADMIN, SUPPORT } from '../support/admin.ts';
import { bookableDay, chooseProduct, company, next, openBooking, pickDay, slot } from '../support/booking.ts';
import { openSettings, saveSettings, signInOn } from '../support/settings.ts';
import { DEMO } from '../support/state.ts';

// These journeys save Fjord Karting's settings: each runs on a demo server of its own.
test.describe('settings: unsaved changes and two editors', () => {
  test.describe.configure({ timeout: 180_000 });

  async function sessionsShow(page: Page, server: ExtraServer, time: string) {
    await openBooking(page, company(DEMO.fjord, server.state));
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickDay(page, bookableDay(3));
    await expect(slot(page, time)).toBeVisible();
  }

  test('leaving with unsaved changes asks first; leaving drops them', async ({ page, ownServer: server }) => {
    await signInOn(page, server.state, FJORD_ADMIN, DEMO.fjord);
    let dialog = await openSettings(page);
    await dialog.getByLabel('Session length (minutes)').fill('45');
    // Neither Escape nor a click outside closes it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog.getByLabel('Session length (minutes)')).toHaveValue('45');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(dialog).toBeHidden();

    dialog = await openSettings(page);
    await expect(dialog.getByLabel('Session length (minutes)')).toHaveValue('20');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await sessionsShow(page, server, '12:20:00');
  });

  test('two editors save at once: the second is told of the conflict and keeps its edits', async ({ browser, ownServer: server }) => {
    const a = await browser.newContext();
    const b = await browser.newContext();
    try {
      const pageA = await a.newPage();
      const pageB = await b.newPage();
      await signInOn(pageA, server.state, FJORD_ADMIN, DEMO.fjord);
      await signInOn(pageB, server.state, SUPPORT, DEMO.fjord);
      const dialogA = await openSettings(pageA);
      const dialogB = await openSettings(pageB);

      await dialogA.getByLabel('Session length (minutes)').fill('30');
      await dialogB.getByLabel('Session length (minutes)').fill('40');
      await saveSettings(pageA, dialogA);
      await expect(pageA.getByText('Setup changed')).toBeVisible();
      await saveSettings(pageB, dialogB);
      await expect(dialogB.getByRole('alert')).toContainText('Someone else saved these settings while you were editing');
      await expect(dialogB.getByLabel('Session length (minutes)')).toHaveValue('40');

      // B loads A's version: the interval A saved.
      await dialogB.getByRole('button', { name: 'Load their version' }).click();
      await expect(dialogB.getByLabel('Session length (minutes)')).toHaveValue('30');
      await sessionsShow(pageB, server, '12:30:00');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
