import { expect, test, type Locator, type Page } from '@playwright/test';
import { bookAtCircuitByApi } from '../support/api-booking.ts';
import { company, openNewestMailTo } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';
import { ownClientAddress } from '../support/client-address.ts';

// Opens cancel or unsubscribe pages, whose routes allow 10 requests a minute per client: its own address.
test.use(ownClientAddress);

// Arabic pages with company data in them: the data keeps its own direction (isolated with <bdi>, dir="auto"
// or Unicode isolates), and the page uses one digit style, Latin (web/src/lib/format.ts says why).
// Screenshots are saved for review; the assertions check the facts a reader would notice.

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'ar-SA'));
});

/** The page's visible text has Latin digits only. */
async function expectLatinDigits(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text.match(ARABIC_INDIC), 'an Arabic-Indic digit on a page that writes Latin digits').toBeNull();
}

/**
 * Where each character of `needle` inside the element's text is drawn, in text order: its left edge and its
 * line (the top of its box). A run drawn left to right on one line has increasing lefts and one top.
 */
async function characterBoxes(locator: Locator, needle: string): Promise<{ left: number; top: number }[]> {
  return locator.evaluate((element, wanted) => {
    const text = element.textContent ?? '';
    const at = text.indexOf(wanted);
    if (at < 0) throw new Error(`"${wanted}" not found`);
    // The needle may span several text nodes (a phone number in a <bdi> of its own): walk them in order.
    const boxes: { left: number; top: number }[] = [];
    let offset = 0;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = node.textContent ?? '';
      for (let i = 0; i < content.length; i++) {
        const index = offset + i;
        if (index < at || index >= at + wanted.length || content[i] === ' ') continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        boxes.push({ left: box.left, top: box.top });
      }
      offset += content.length;
    }
    return boxes;
  }, needle);
}

/** The phone number (and the full stop after it) is drawn whole on one line, left to right: "+", the digits in order, "." last. */
async function expectPhoneNumberWhole(note: Locator, needle: string): Promise<void> {
  const boxes = await characterBoxes(note, needle);
  expect(boxes.length).toBe(needle.replaceAll(' ', '').length);
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i].left, `character ${i} of the phone number`).toBeGreaterThan(boxes[i - 1].left);
    expect(boxes[i].top, `character ${i} of the phone number is on the line of the first`).toBe(boxes[0].top);
  }
}

test('the done page in Arabic: the amount isolated, Latin digits throughout', async ({ page, request }, testInfo) => {
  const fjord = company(DEMO.fjord);
  const booked = await bookAtCircuitByApi(request, fjord);
  // The booking page keeps its company's key for the done page (its header and currency).
  await page.addInitScript((key) => sessionStorage.setItem('pitlane.companyKey', key), fjord.key);
  await page.goto(booked.successUrl);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('outcome')).toBeVisible();
  // The amount with its Latin currency code is wrapped in first-strong isolates (or a <bdi>).
  const amount = page.getByText(/\d+[.,]\d{2}/).first();
  await expect(amount).toBeVisible();
  const isolated = await amount.evaluate(
    (el) => /\u2068[^\u2069]*\d[^\u2069]*\u2069/.test(el.textContent ?? '') || el.querySelector('bdi') !== null,
  );
  expect(isolated, 'the amount is isolated from the Arabic sentence').toBe(true);
  await expectLatinDigits(page);
  await snapshot(page, testInfo, 'done-ar');
});

test('the cancel page in Arabic: mirrored, Latin digits throughout', async ({ page, request }, testInfo) => {
  const booked = await bookAtCircuitByApi(request, company(DEMO.fjord));
  await openNewestMailTo(page, booked.email, 'booking_confirmation');
  const href = await page.getByRole('link', { name: /cancel/i }).first().getAttribute('href');
  expect(href).toMatch(/\/cancelBooking\/[A-Za-z0-9_-]+$/);
  await page.goto(new URL(href!).pathname);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Whatever the page shows of the booking (reference, date, amount) is in Latin digits, as the rest.
  await expectLatinDigits(page);
  await snapshot(page, testInfo, 'cancel-ar');
});

test('the footers in Arabic: the company name isolated, the Spanish phone number in order', async ({ page }, testInfo) => {
  const norte = company(DEMO.norte);
  await page.goto(norte.url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const footer = page.getByTestId('footer-company');
  await expect(footer).toContainText(norte.name);
  expect(await footer.textContent()).toContain(`\u2068${norte.name}\u2069`);
  await expectLatinDigits(page);
  await snapshot(page, testInfo, 'booking-footer-ar');

  // The events landing page ends with the company's WhatsApp note, in Spanish with a Spanish phone number.
  await page.goto(`/${norte.key}/landingEvents`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const note = page.getByTestId('whatsapp');
  await expect(note).toHaveAttribute('dir', 'auto');
  await expect(note).toContainText('+34 600 123 456.');
  // Drawn left to right: "+", the digits in their order, and the full stop last, on the right.
  await expectPhoneNumberWhole(note, '+34 600 123 456.');
  // Its block reads left to right (dir="auto" on Spanish text), inside the mirrored page.
  expect(await note.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await snapshot(page, testInfo, 'landing-footer-ar');
});

test('on a phone (390 px) in Arabic the WhatsApp note wraps, but never inside its phone number', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const norte = company(DEMO.norte);
  await page.goto(`/${norte.key}/landingEvents`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const note = page.getByTestId('whatsapp');
  await expect(note).toContainText('+34 600 123 456.');
  // The note is longer than the phone's line: it wraps (here the number would have been split in two).
  const whole = (await note.textContent()) ?? '';
  const lines = new Set((await characterBoxes(note, whole)).map((box) => box.top));
  expect(lines.size, 'the note takes more than one line at 390 px').toBeGreaterThan(1);
  await expectPhoneNumberWhole(note, '+34 600 123 456.');
  await snapshot(page, testInfo, 'landing-footer-ar-phone');
});

test('the booking form in Arabic keeps e-mail and phone inputs left to right', async ({ page }) => {
  const norte = company(DEMO.norte);
  await page.goto(norte.url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The problem report's form is on every booking page: its e-mail field.
  await page.getByRole('contentinfo').getByRole('button', { name: 'الإبلاغ عن مشكلة' }).click();
  const dialog = page.getByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
  const email = dialog.locator('input[type="email"]');
  await expect(email).toBeVisible();
  // Mantine puts dir="ltr" on the box around the input: the address reads left to right, its label stays mirrored.
  await expect(email.locator('xpath=..')).toHaveAttribute('dir', 'ltr');
  expect(await email.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  const label = dialog.locator(`label[for="${await email.getAttribute('id')}"]`);
  expect(await label.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
});

test("the circuit's own Spanish texts in Arabic: each offer reads in its own order, punctuation in place", async ({ page }, testInfo) => {
  await page.goto(company(DEMO.norte).url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const cards = page.locator('[data-testid^="product-"]');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  // Norte's offers as the circuit typed them: inside the mirrored page each keeps its own direction
  // (dir="auto"), so "¡" stays first and "!" last, and "€" after "11", as a Spanish reader expects.
  for (const offer of ['¡Oferta de temporada!', 'Ahorra 11 €']) {
    const badge = cards.getByText(offer, { exact: true }).first();
    await expect(badge).toBeVisible();
    expect(await badge.evaluate((el) => getComputedStyle(el).direction), `"${offer}" reads left to right`).toBe('ltr');
    const boxes = await characterBoxes(badge, offer);
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i].left, `character ${i} of "${offer}" is drawn after the one before it`).toBeGreaterThan(boxes[i - 1].left);
    }
  }
  await snapshot(page, testInfo, 'offers-ar');
});
