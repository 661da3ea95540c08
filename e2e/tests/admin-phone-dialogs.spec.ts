import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { check, closeButton, CULTURE, openSection, text, type Lang } from '../support/admin-phone.ts';
import { staffCall, staffFor } from '../support/admin-catalog.ts';
import { circuitDay } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Every back-office dialog not walked by admin-phone-screens.spec.ts, on a 390×844 phone in English and in
// Arabic (issue 25): a booking's record-payment, correct-payment, move and cancel dialogs, the billing's
// refund dialog, the product, pack and category dialogs of the settings, the events calendar's popup and its
// event form, and the waiting list of a session on Today. Each is drawn whole inside the screen (nothing off
// either edge, no sideways scroll) and saved as a screenshot to be looked at. Read-only on the shared demo
// server: every dialog is opened and closed untouched, nothing is saved.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 300_000 });

/** A booking as the staff list answers it (only what this walk reads). */
interface ListedBooking {
  reference?: string;
  state: string;
  cancellable?: boolean;
  /** When it was sold (ISO 8601). */
  createdAt: string;
  /** Paid online (the simulated card), so refundable while its session has not started. */
  paymentMethod?: string;
}

/**
 * Two bookings of Circuito Norte, found through the staff API (read-only), whose details offer the dialogs
 * walked: an upcoming one that can still be cancelled (Move and Cancel), and a past one partly paid at the
 * desk (the demo's history has some: a deposit taken at the counter, the rest owed), which offers Record
 * payment and Correct payment. The list answers at most 45 days at a time.
 */
async function bookingsToOpen(page: Page): Promise<{ upcoming?: string; partly?: string; refundable?: string }> {
  const staff = await staffFor(page.request, DEMO.norte);
  const list = async (from: number, to: number) =>
    (
      await staffCall<{ data: ListedBooking[] }>(page.request, staff, 'post', '/api/admin/retrieve-bookings', {
        dateIni: circuitDay(from),
        dateEnd: circuitDay(to),
        filterType: 'fechaReserva',
      }, 200)
    ).data;
  const ahead = await list(1, 40);
  // Billing opens on this month's sales (by sale date): a sale of this month for a session still to come.
  const month = circuitDay(0).slice(0, 7);
  return {
    upcoming: ahead.find((b) => b.cancellable && b.reference)?.reference,
    refundable: ahead.find((b) => b.state === 'pagada' && b.reference && b.createdAt.slice(0, 7) === month)?.reference,
    partly: (await list(-40, -1)).find((b) => b.state === 'parcialmentepagada' && b.reference)?.reference,
  };
}

/** The name of Circuito Norte's next event (the public calendar call), the one its calendar opens on. */
async function nextEvent(page: Page): Promise<string | undefined> {
  const staff = await staffFor(page.request, DEMO.norte);
  const listed = (await (await page.request.get(`/api/event?idCompany=${staff.idCompany}`)).json()) as { data: { name: string; dateStart: string }[] };
  return [...listed.data].sort((a, b) => a.dateStart.localeCompare(b.dateStart))[0]?.name;
}


/** Checks the dialog on top (the last one open), then closes it with its × and waits until it is gone. */
async function checkAndClose(page: Page, lang: Lang, screen: string, findings: string[], dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(dialog.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  await check(page, lang, screen, findings);
  await closeButton(dialog).click();
  await expect(dialog).toBeHidden();
}

/** A regular expression matching a text of the locale whose {{placeholders}} stand for anything. */
function pattern(template: string): RegExp {
  const parts = template.split(/\{\{\w+\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

for (const lang of ['en', 'ar'] as const) {
  test(`every admin dialog fits a 390 px phone in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page }) => {
    const findings: string[] = [];
    const skipped: string[] = [];
    const bookings = (key: string) => text('features/bookings/', lang, key);

    const { upcoming, partly, refundable } = await bookingsToOpen(page);
    const eventName = await nextEvent(page);
    await signInByApi(page, demoAdmin(SUPPORT), DEMO.norte);
    if (lang === 'ar') {
      await page.getByRole('combobox', { name: 'Language' }).selectOption(CULTURE.ar);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }

    // Today: the waiting list of the first session that has one.
    const today = await openSection(page, lang, 'today');
    const waitlistButton = today.getByRole('button', { name: bookings('waitlist.open'), exact: true }).first();
    if (await waitlistButton.isVisible()) {
      await waitlistButton.click();
      await checkAndClose(page, lang, 'waitlist', findings, page.getByRole('dialog', { name: pattern(bookings('waitlist.title')) }));
    } else {
      skipped.push('waitlist: no session with a waiting list on Today');
    }

    // Bookings: the details' dialogs of two bookings, each found by its reference (bookingsToOpen).
    const region = await openSection(page, lang, 'bookings');
    const walkDetails = async (card: Locator, name: string, dialogs: [string, string | RegExp, string][]) => {
      await expect(card).toBeVisible({ timeout: 30_000 });
      await card.getByRole('button').first().click();
      const details = page.getByRole('dialog', { name: pattern(bookings('details.title')) });
      await expect(details.getByTestId('booking-identifier')).toBeVisible({ timeout: 30_000 });
      for (const [screen, action, title] of dialogs) {
        const button = details.getByRole('button', { name: action }).first();
        if (!(await button.isVisible())) {
          skipped.push(`${screen}: not offered for ${name}`);
          continue;
        }
        await button.click();
        await checkAndClose(page, lang, screen, findings, page.getByRole('dialog', { name: pattern(title) }));
      }
      await closeButton(details).click();
      await expect(details).toBeHidden();
    };
    const search = region.getByRole('searchbox', { name: bookings('search.label') });
    for (const [reference, dialogs] of [
      [upcoming, [
        ['move', bookings('move.action'), bookings('move.title')],
        ['cancel', bookings('cancelMoney.action'), bookings('cancelMoney.title')],
      ]],
      [partly, [
        ['record-payment', bookings('pay.action'), bookings('pay.title')],
        ['correct-payment', pattern(bookings('correct.action')), bookings('correct.title')],
      ]],
    ] as [string | undefined, [string, string | RegExp, string][]][]) {
      if (!reference) {
        skipped.push(`${dialogs.map(([screen]) => screen).join(', ')}: no booking of the demo offers them`);
        continue;
      }
      await search.fill(reference);
      await walkDetails(region.getByRole('list').getByRole('listitem').filter({ hasText: reference }).first(), reference, dialogs);
    }
    await search.fill('');

    // Billing: the refund dialog of a sale of this month for a session to come, found with the search box.
    const billing = await openSection(page, lang, 'billing');
    if (refundable) {
      await billing.getByRole('searchbox', { name: text('features/billing/', lang, 'search'), exact: true }).fill(refundable);
      const refund = billing.getByRole('button', { name: pattern(text('features/billing/', lang, 'refund')) }).first();
      await expect(refund).toBeVisible({ timeout: 30_000 });
      if (await refund.isEnabled()) {
        await refund.click();
        await checkAndClose(page, lang, 'refund', findings, page.getByRole('dialog', { name: pattern(text('features/billing/', lang, 'refundTitle')) }));
      } else {
        skipped.push(`refund: not offered for ${refundable}`);
      }
    } else {
      skipped.push('refund: no sale of this month for a session to come');
    }

    // Events: the calendar's popup of the next event, and its event form from Edit.
    const events = await openSection(page, lang, 'events');
    expect(eventName, 'the demo has an upcoming event').toBeDefined();
    // The calendar opens on the next event's week, scrolled to it.
    const entry = events.getByTestId('admin-events-calendar').getByText(eventName!).first();
    await expect(entry).toBeVisible({ timeout: 30_000 });
    await entry.click();
    const popup = page.getByRole('dialog', { name: eventName });
    await expect(popup.getByTestId('event-start')).toBeVisible({ timeout: 30_000 });
    await check(page, lang, 'event-popup', findings);
    await popup.getByRole('button', { name: text('features/events/', lang, 'calendar.edit'), exact: true }).click();
    const form = page.getByRole('dialog', { name: text('features/events/', lang, 'edit.title') });
    await checkAndClose(page, lang, 'event-edit', findings, form);
    if (await popup.isVisible()) {
      await closeButton(popup).click();
      await expect(popup).toBeHidden();
    }

    // Settings: the product, pack and category dialogs, from their tabs (a menu below 600 px).
    const shell = (key: string) => text('', lang, `shell.${key}`);
    await page.getByRole('button', { name: new RegExp(shell('userMenu').replace('{{name}}', '').trim()) }).click();
    await page.getByRole('menuitem', { name: shell('settings') }).click();
    const settings = page.getByRole('dialog', { name: text('features/settings/', lang, 'title') });
    const tabsButton = settings.getByRole('button', { name: new RegExp(`^${text('features/settings/', lang, 'sections')}: `) });
    await expect(tabsButton).toBeVisible({ timeout: 30_000 });
    for (const [tab, action, title] of [
      ['products', 'actions.addProduct', 'form.newProduct'],
      ['packs', 'actions.addPack', 'form.newPack'],
      ['categories', 'actions.addCategory', 'form.newCategory'],
    ] as const) {
      const tabName = text('features/settings/', lang, `tabs.${tab}`);
      await tabsButton.click();
      await page.getByRole('menu').getByRole('menuitem', { name: new RegExp(`^\\d+\\. ${tabName}$`) }).click();
      await expect(tabsButton).toHaveAccessibleName(new RegExp(`: \\d+\\. ${tabName}$`));
      await page.waitForLoadState('networkidle');
      await expect(settings.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
      await settings.getByRole('button', { name: text('features/catalog/', lang, action), exact: true }).click();
      await checkAndClose(page, lang, tab.replace(/s$/, '').replace(/ie$/, 'y'), findings, page.getByRole('dialog', { name: text('features/catalog/', lang, title) }));
    }
    await closeButton(settings).click();
    await expect(settings).toBeHidden();

    if (skipped.length > 0) console.log(`not walked in ${lang}: ${skipped.join('; ')}`);
    expect(findings, 'dialogs that do not fit a 390 px phone').toEqual([]);
  });
}
