import { expect, test } from '../support/own-server.ts';
import { FJORD_ADMIN } from '../support/admin.ts';
import { seriousViolations } from '../support/booking.ts';
import { openSettings, saveSettings, signInOn } from '../support/settings.ts';
import { DEMO } from '../support/state.ts';

// A refused save changes nothing, but a spec that saves settings runs on its own demo server all the same.
test.describe('settings: a save the server refuses', () => {
  test.describe.configure({ timeout: 180_000 });

  test("shows the server's refusal as a sentence beside its field and names its tab, never a data path", async ({ page, ownServer: server }) => {
    await signInOn(page, server.state, FJORD_ADMIN, DEMO.fjord);
    const dialog = await openSettings(page);
    // Written like a phone with its country code (the dialog lets it through), but no such number exists:
    // only the server's number check refuses it.
    const phone = dialog.getByLabel('Contact phone for customers');
    await phone.fill('+34 000 000 000');
    await saveSettings(page, dialog);

    await expect(dialog.getByRole('alert')).toContainText('Some settings are not valid; nothing was saved. Correct the marked fields in: 2. General.');
    await expect(phone).toHaveAccessibleDescription(/Enter the number with its country code, e\.g\. \+34 942 123 456\./);
    await expect(dialog.getByRole('tab', { name: '2. General' }).locator('[data-marked]')).toHaveCount(1);
    expect(await dialog.textContent()).not.toMatch(/data\.|contactPhone/);
    expect(await seriousViolations(page, 'page'), 'axe on the refused save').toEqual([]);

    // A number that exists saves.
    await phone.fill('+34 942 12 34 56');
    await expect(dialog.getByRole('tab', { name: '2. General' }).locator('[data-marked]')).toHaveCount(0);
    await saveSettings(page, dialog);
    await expect(page.getByText('Setup changed')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });
});
