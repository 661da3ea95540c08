import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { demoAdmin, FJORD_ADMIN, signInByApi } from '../support/admin.ts';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { chooseProduct, company, next, openNewestMailTo, pickDay, seriousViolations, slot, stageHeading } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

/** The free places Fjord Karting's booking page shows for sessions of a day, to a new visitor in English. */
async function freePlaces(browser: Browser, product: string, day: string, times: string[]): Promise<number[]> {
  const page = await browser.newPage({ locale: 'en-GB' });
  await page.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  await page.goto(company(DEMO.fjord).url);
  await expect(stageHeading(page, 'Drivers and product')).toBeVisible({ timeout: 30_000 });
  await chooseProduct(page, product, 1);
  await next(page);
  await pickDay(page, day);
  const out: number[] = [];
  for (const time of times) {
    const label = slot(page, time).getByTestId('slot-free');
    await expect(label).toHaveText(/\d+ free|Full/);
    out.push(Number(/(\d+) free/.exec((await label.textContent()) ?? '')?.[1] ?? 0));
  }
  await page.close();
  return out;
}

/** Opens a booking's details from Today's search by its reference. */
async function openDetails(page: Page, reference: string): Promise<Locator> {
  // Today by its heading's id (its name is in the page's language).
  const today = page.locator('section[aria-labelledby="today-heading"]');
  await expect(today).toBeVisible({ timeout: 30_000 });
  await today.getByRole('searchbox').fill(reference);
  await today.getByRole('button', { name: new RegExp(`${reference}$`) }).first().click();
  const details = page.getByRole('dialog').filter({ hasText: reference }).first();
  await expect(details.getByRole('button', { name: /^(Move|نقل)$/ })).toBeVisible({ timeout: 30_000 });
  return details;
}

test.describe('back office: moving a booking to another session', () => {
  test.describe.configure({ timeout: 240_000 });

  test('with the keyboard alone: the places follow, the customer gets an update .ics (SEQUENCE 1); the dialog in Arabic; axe clean', async ({
    page,
    browser,
  }, testInfo) => {
    // One driver, three days ahead (the days 1–3 this spec may use), at Fjord Karting (pays at the circuit).
    const booked = await bookAtCircuitByApi(page.request, company(DEMO.fjord), { daysAhead: 3, drivers: 1 });
    await signInByApi(page, demoAdmin(FJORD_ADMIN), DEMO.fjord);
    const details = await openDetails(page, booked.reference);
    await details.getByRole('button', { name: 'Move' }).click();
    const dialog = page.getByRole('dialog', { name: /^Move booking · / });
    await expect(dialog).toBeVisible();
    const own = dialog.getByRole('radio', { name: /its session now/ });
    await expect(own).toBeDisabled({ timeout: 30_000 });
    expect(await seriousViolations(page, 'page'), 'axe on the Move dialog').toEqual([]);
    await snapshot(page, testInfo, 'move-dialog');

    // The keyboard alone: into the sessions, an arrow to choose one, Tab to Move, Enter.
    const choices = dialog.getByRole('radio', { disabled: false });
    await expect(choices.first()).toBeVisible();
    await choices.first().focus();
    await page.keyboard.press('Space');
    const chosen = dialog.getByRole('radio', { checked: true });
    await expect(chosen).toHaveCount(1);
    const time = /(\d\d:\d\d)/.exec((await chosen.getAttribute('value')) ?? '')?.[1] ?? '';
    expect(time).toMatch(/^\d\d:\d\d$/);
    const [beforeOld, beforeNew] = await freePlaces(browser, booked.productName, booked.date, [booked.startTime, `${time}:00`]);
    const move = dialog.getByRole('button', { name: 'Move' });
    for (let i = 0; i < 4; i++) {
      if (await move.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(move).toBeFocused();
    const moved = page.waitForResponse((r) => r.url().endsWith('/api/admin/move-booking'));
    await page.keyboard.press('Enter');
    const answer = await moved;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ data: { sequence: 1, mailed: true, sessions: [`${booked.date} ${time}:00`] } });
    await expect(page.getByText(/Booking moved to .*The customer was e-mailed\./)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The customer's booking page: the old session has the place back, the new one has one fewer.
    const [afterOld, afterNew] = await freePlaces(browser, booked.productName, booked.date, [booked.startTime, `${time}:00`]);
    expect(afterOld).toBe(beforeOld + booked.drivers);
    expect(afterNew).toBe(beforeNew - booked.drivers);

    // The update mail in the development mailbox: its .ics moves the entry (REQUEST, same UID, SEQUENCE 1).
    const mailPage = await page.context().newPage();
    await openNewestMailTo(mailPage, booked.email, /has moved/);
    const href = await mailPage.getByRole('link', { name: /\.ics$/ }).first().getAttribute('href');
    const ics = await (await mailPage.request.get(href ?? '')).text();
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:${booked.identifier}-1@pitlane`);
    expect(ics).toMatch(/SEQUENCE:1\r\n/);
    await mailPage.close();

    // The Move dialog in Arabic: mirrored and translated, axe clean.
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(details).toBeHidden();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arDetails = await openDetails(page, booked.reference);
    await arDetails.getByRole('button', { name: 'نقل' }).click();
    const ar = page.getByRole('dialog', { name: /^نقل الحجز · / });
    await expect(ar).toBeVisible();
    await expect(ar.getByRole('radio', { name: /جلسته الحالية/ })).toBeDisabled({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(ar).not.toContainText('free places');
    expect(await seriousViolations(page, 'page'), 'axe on the Move dialog in Arabic').toEqual([]);
    await snapshot(page, testInfo, 'move-dialog-ar');
  });
});
