import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { SUPPORT } from '../support/admin.ts';
import { expect, test } from '../support/own-server.ts';
import { signInOn } from '../support/settings.ts';
import { DEMO } from '../support/state.ts';

// This spec saves Vättern Karting's "days ahead": it runs on a demo server of its own, where it also puts
// the original value back, by keyboard, or through the API if that fails.
const DAYS_AHEAD = 'Days ahead customers can book';

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused();
}

/** Whether the focused element is inside `dialog`. */
function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/** The settings of the company's first installation, as the dialog reads them. */
interface Config {
  idCompany: number;
  version: number;
  installation: {
    idInstallation: number;
    enableBooking: boolean;
    interval: number;
    maxParticipants: number;
    openingDate: string;
    closingDate: string;
    confirmationBookingEmails: string[];
    cancelBookingEmails: string[];
    data: Record<string, unknown> & { maxDaysBooking: number };
  };
}

/**
 * The page's request context with the Origin a cookie write needs: the back office's own, `origin` (the
 * server refuses cross-origin cookie writes).
 */
interface Client {
  request: APIRequestContext;
  origin: string;
}

async function readConfig({ request, origin }: Client, idCompany: number): Promise<Config> {
  const answer = await request.post('/api/admin/retrieveConfig', { data: { idCompany }, headers: { Origin: origin } });
  expect(answer.status(), 'retrieveConfig').toBe(200);
  return (await answer.json()) as Config;
}

/** Puts `maxDaysBooking` back through the API when the keyboard journey left it changed. */
async function restoreByApi(client: Client, idCompany: number, maxDaysBooking: number): Promise<void> {
  const c = await readConfig(client, idCompany);
  const i = c.installation;
  if (i.data.maxDaysBooking === maxDaysBooking) return;
  const d = i.data;
  const answer = await client.request.post('/api/admin/saveConfig', {
    headers: { Origin: client.origin },
    data: {
      idCompany,
      idInstallation: i.idInstallation,
      version: c.version,
      enableBooking: i.enableBooking,
      interval: i.interval,
      maxParticipants: i.maxParticipants,
      openingDate: i.openingDate,
      closingDate: i.closingDate,
      confirmationBookingEmails: i.confirmationBookingEmails,
      cancelBookingEmails: i.cancelBookingEmails,
      data: {
        showEmails: d.showEmails,
        emailOptional: d.emailOptional,
        maxDaysBooking,
        maxSlotsBooking: d.maxSlotsBooking,
        disableHoursBooking: d.disableHoursBooking,
        enableGroupedProducts: d.enableGroupedProducts,
        dateLimitBooking: d.dateLimitBooking,
        rules: d.rules,
        generalSchedule: d.generalSchedule,
        specialSchedule: d.specialSchedule,
      },
    },
  });
  expect(answer.status(), 'restoring the days ahead through the API').toBe(200);
}

/** Types `value` over the focused number field's content. */
async function retype(page: Page, value: number): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(value));
}

/** From the focused dialog: Tab to Save, press `key`, accept the confirmation with Enter; the save answers 200. */
async function saveWithKeyboard(page: Page, dialog: Locator, key: 'Enter' | 'Space'): Promise<void> {
  await tabTo(page, dialog.getByRole('button', { name: 'Save', exact: true }));
  await page.keyboard.press(key);
  const confirm = page.getByRole('dialog', { name: 'Save the settings?' });
  await expect(confirm).toBeVisible();
  // The confirmation takes the focus on its Save, and keeps it: Tab cycles inside it.
  const accept = confirm.getByRole('button', { name: 'Save', exact: true });
  await expect(accept).toBeFocused();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(confirm), `Tab ${i + 1} in the confirmation stays in it`).toBe(true);
  }
  await tabTo(page, accept);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/saveConfig') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await saved).status(), 'saveConfig').toBe(200);
  await expect(confirm).toBeHidden();
}

test.describe('back office: the settings dialog with the keyboard alone', () => {
  test.describe.configure({ timeout: 120_000 });

  test('open it from the user menu, walk the tabs with the arrows, change a General setting and put it back', async ({ page, ownServer }) => {
    const client = { request: page.request, origin: new URL(ownServer.state.baseURL).origin };
    await signInOn(page, ownServer.state, SUPPORT, DEMO.voucher);
    const companies = JSON.parse((await page.evaluate(() => localStorage.getItem('pitlane.staff.companies'))) ?? '[]') as string[];
    const idCompany = Number(companies.find((c) => c.split(':')[1] === DEMO.voucher)?.split(':')[0]);
    expect(idCompany, `${DEMO.voucher}'s id`).toBeGreaterThan(0);
    const original = (await readConfig(client, idCompany)).installation.data.maxDaysBooking;
    const changed = original + 1;

    try {
      // The user menu: Tab to its button, open it with Enter, reach Settings with the arrows, Enter.
      const menuButton = page.getByRole('button', { name: /User menu of/ });
      await tabTo(page, menuButton);
      await page.keyboard.press('Enter');
      const settingsItem = page.getByRole('menuitem', { name: 'Settings' });
      await expect(settingsItem).toBeVisible();
      for (let i = 0; i < 5 && !(await settingsItem.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(settingsItem).toBeFocused();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: 'Settings' });
      const general = dialog.getByRole('tab', { name: '2. General' });
      await expect(general).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
      await expect(dialog.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
      expect(await focusInside(dialog), 'the dialog takes the focus when it opens').toBe(true);

      // The selected tab is reachable with Tab, and its focus is visible (Mantine's focus ring: an outline).
      await tabTo(page, general);
      const ring = await general.evaluate((el) => {
        const s = getComputedStyle(el);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), visible: el.matches(':focus-visible') };
      });
      expect(ring.visible, 'the focused tab matches :focus-visible').toBe(true);
      expect(ring.style, 'the focused tab has an outline').not.toBe('none');
      expect(ring.width, 'the focused tab outline has a width').toBeGreaterThan(0);

      // The arrows move the selection down and up the vertical list, and the panel follows.
      const weekly = dialog.getByRole('tab', { name: '3. Weekly schedule' });
      const special = dialog.getByRole('tab', { name: '4. Special schedule' });
      await page.keyboard.press('ArrowDown');
      await expect(weekly).toBeFocused();
      await expect(weekly).toHaveAttribute('aria-selected', 'true');
      await expect(general).toHaveAttribute('aria-selected', 'false');
      await expect(dialog.getByRole('tabpanel', { name: '3. Weekly schedule' })).toBeVisible();
      await expect(dialog.getByLabel(DAYS_AHEAD)).toHaveCount(0);
      await page.keyboard.press('ArrowDown');
      await expect(special).toBeFocused();
      await expect(special).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('tabpanel', { name: '4. Special schedule' })).toBeVisible();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(general).toBeFocused();
      await expect(general).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('tabpanel', { name: '2. General' })).toBeVisible();

      // A General setting: Tab to the days ahead, type the new value, save through the confirmation.
      const daysAhead = dialog.getByLabel(DAYS_AHEAD);
      await expect(daysAhead).toHaveValue(String(original));
      await tabTo(page, daysAhead);
      await retype(page, changed);
      await expect(daysAhead).toHaveValue(String(changed));

      // Focus is trapped: Tab from the last control (Save) comes back into the dialog, and Shift+Tab from
      // the first (the close button) goes round to the last.
      const saveButton = dialog.getByRole('button', { name: 'Save', exact: true });
      await tabTo(page, saveButton);
      await page.keyboard.press('Tab');
      expect(await focusInside(dialog), 'Tab from Save stays in the dialog').toBe(true);
      const close = dialog.getByRole('button', { name: 'Close' });
      await expect(close).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(saveButton).toBeFocused();

      await saveWithKeyboard(page, dialog, 'Enter');
      const toast = page.getByText('Setup changed');
      await expect(toast).toBeVisible();
      await expect(saveButton).toBeDisabled();
      // Save is disabled now; the focus stays in the dialog, on Cancel beside it.
      const cancel = dialog.getByRole('button', { name: 'Cancel' });
      await expect(cancel).toBeFocused();
      expect((await readConfig(client, idCompany)).installation.data.maxDaysBooking).toBe(changed);
      await expect(toast).toBeHidden({ timeout: 30_000 });

      // And back, the same way (Space on Save this time).
      await tabTo(page, daysAhead, { back: true });
      await retype(page, original);
      await expect(daysAhead).toHaveValue(String(original));
      await saveWithKeyboard(page, dialog, 'Space');
      await expect(toast).toBeVisible();
      expect((await readConfig(client, idCompany)).installation.data.maxDaysBooking).toBe(original);

      // Nothing left unsaved: Cancel, which has the focus again, closes the dialog with Enter.
      await expect(cancel).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
    } finally {
      await restoreByApi(client, idCompany, original);
    }
  });
});
