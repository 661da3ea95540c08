import { expect, test, type Page } from '@playwright/test';
import { otherVisitor } from '../support/api-hold.ts';
import {
  bookableDay,
  checkStage,
  chooseProduct,
  company,
  next,
  openBooking,
  pickDay,
  slot,
  stageHeading,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Sessions of this file only: Fjord Karting tomorrow at 19:40, 20:00 and 20:20; Circuito Norte tomorrow
// from 20:00 to 21:00 (each a day later past a Monday). The places taken stay held for the hold's lifetime, so a retry (CI
// retries once) uses earlier sessions of the same days: Fjord 18:20, 18:40 and 17:40, Norte 17:00 to 18:00.

/** The toast the wizard shows (Mantine notifications are alerts), by its text. */
function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The page's visitor id (session storage), which the wizard sends with every hold. */
async function pageVisitor(page: Page): Promise<string> {
  const id = await page.evaluate(() => sessionStorage.getItem('pitlane.visitorId'));
  expect(id, 'the wizard keeps a visitor id').toBeTruthy();
  return id!;
}

test.describe('booking wizard, a session taken while the visitor is choosing', () => {
  test.describe.configure({ timeout: 120_000 });

  test('421: another visitor fills the session; the visitor is told, and the fresh grid no longer offers it', async ({ page, request }, testInfo) => {
    const fjord = company(DEMO.fjord);
    const day = bookableDay(1);
    const [full, free] = testInfo.retry ? ['18:20:00', '18:40:00'] : ['19:40:00', '20:00:00'];
    await openBooking(page, fjord);
    await chooseProduct(page, 'Voksen – 15 minutter', 2);
    await next(page);
    await pickDay(page, day);
    const session = slot(page, full);
    await expect(session).toHaveAttribute('data-status', 'AVAILABLE');

    // Meanwhile another visitor takes all but one place of the session.
    const other = await otherVisitor(request, fjord, `e2e-filler-${testInfo.workerIndex}-${Date.now()}`);
    const offer = await other.slot('Voksen – 10 minutter', day, full);
    expect(offer.usersAvailable).toBeGreaterThan(1);
    const taken = await other.hold('Voksen – 10 minutter', day, full, offer.usersAvailable - 1);
    expect(taken.status, taken.body).toBe(201);

    // The grid shown is now stale: the visitor's two drivers are refused with 421.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/prebooking') && r.request().method() === 'POST');
    await session.click();
    expect((await refused).status()).toBe(421);
    await expect(toast(page, 'No places left in this session.')).toBeVisible();
    // Still on the date stage, with fresh availability: the session is not offered any more, nothing is held.
    await expect(stageHeading(page, 'Date and sessions')).toBeVisible();
    await expect(session).toHaveAttribute('data-status', 'UNAVAILABLE');
    await expect(session).toBeDisabled();
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 0/);
    await checkStage(page, testInfo, 'session-filled');

    // Another session still works, and the visitor goes on.
    await slot(page, free).click();
    await expect(slot(page, free)).toHaveAttribute('data-status', 'MARKED');
    await next(page);
    await expect(stageHeading(page, 'Your details')).toBeVisible();
  });

  test('420: the same visitor already holds the session in another tab; the visitor is told, with fresh places', async ({ page, request }, testInfo) => {
    const fjord = company(DEMO.fjord);
    const day = bookableDay(1);
    await openBooking(page, fjord);
    await chooseProduct(page, 'Voksen – 10 minutter', 1);
    await next(page);
    await pickDay(page, day);
    const time = testInfo.retry ? '17:40:00' : '20:20:00';
    const session = slot(page, time);
    await expect(session).toHaveAttribute('data-status', 'AVAILABLE');
    const free = (await session.getByTestId('slot-free').textContent()) ?? '';
    const before = Number(free.match(/\d+/)?.[0]);
    expect(before, `free places shown: ${free}`).toBeGreaterThan(1);

    // The same visitor (same visitor id) holds the session from another tab, in that tab's cart.
    const sameVisitor = await otherVisitor(request, fjord, await pageVisitor(page));
    const held = await sameVisitor.hold('Voksen – 10 minutter', day, time, 1);
    expect(held.status, held.body).toBe(201);

    const refused = page.waitForResponse((r) => r.url().endsWith('/api/prebooking') && r.request().method() === 'POST');
    await session.click();
    expect((await refused).status()).toBe(420);
    await expect(toast(page, 'You already hold this session.')).toBeVisible();
    // The session is freed in this tab and the grid refreshed: one place fewer, held by the other tab.
    await expect(stageHeading(page, 'Date and sessions')).toBeVisible();
    await expect(session).toHaveAttribute('data-status', 'AVAILABLE');
    await expect(session.getByTestId('slot-free')).toHaveText(new RegExp(`(^|\\D)${before - 1} free$`));
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(0);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 0/);
    await checkStage(page, testInfo, 'session-held-elsewhere');
  });

  test('421 on Next: a pack session fills before the pack is held; back to the date with the session no longer offered', async ({ page, request }, testInfo) => {
    const norte = company(DEMO.norte);
    const day = bookableDay(1);
    await openBooking(page, norte);
    await chooseProduct(page, 'Pack Campeón: 3 tandas', 1);
    await next(page);
    await pickDay(page, day);
    // gapSlots 1 on a 15-minute schedule: 20:00, 20:30 and 21:00 (a retry: 17:00, 17:30, 18:00), held only on Next.
    const chain = testInfo.retry ? ['17:00:00', '17:30:00', '18:00:00'] : ['20:00:00', '20:30:00', '21:00:00'];
    const [first, middle] = chain as [string, string, string];
    await slot(page, first).click();
    for (const time of chain) await expect(slot(page, time)).toHaveAttribute('data-status', 'MARKED');

    // Meanwhile another visitor takes every place of the middle session.
    const other = await otherVisitor(request, norte, `e2e-pack-filler-${testInfo.workerIndex}-${Date.now()}`);
    const offer = await other.slot('Tanda adultos 15 minutos', day, middle);
    expect(offer.usersAvailable).toBeGreaterThan(0);
    const taken = await other.hold('Tanda adultos 15 minutos', day, middle, offer.usersAvailable);
    expect(taken.status, taken.body).toBe(201);

    const refused = page.waitForResponse((r) => r.url().endsWith('/api/prebooking') && r.request().method() === 'POST');
    await next(page);
    expect((await refused).status()).toBe(421);
    await expect(toast(page, 'No places left in this session.')).toBeVisible();
    await expect(stageHeading(page, 'Date and sessions')).toBeVisible();
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(0);
    await expect(slot(page, middle)).toHaveAttribute('data-status', 'UNAVAILABLE');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 0/);
    await checkStage(page, testInfo, 'pack-session-filled');

    // The same start cannot make a pack any more: the fresh grid says so before anything is held.
    await slot(page, first).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The pack needs 3 sessions in a row' })).toBeVisible();
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(0);
  });
});
