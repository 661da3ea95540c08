import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseSection, demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { CULTURE, text, type Lang } from '../support/admin-phone.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

// The bookings grid on a desktop, and the order in which Arabic draws a phone number and a date (issue 25).
// Read-only on the shared demo server: it reads Circuito Norte's bookings of the current month (Spanish
// phones, "+34 6xx xxx xxx") and opens one booking's details, closed untouched.
test.describe.configure({ timeout: 180_000 });

/** The grid's columns in the order the page holds them (BookingsGrid.tsx), whatever the direction. */
const COLUMN = { actions: 1, created: 2, session: 3, customer: 4, phone: 5, email: 6, status: 9 } as const;

/** Signs in as support on Circuito Norte, switches to `lang` and opens the bookings section with its grid. */
async function openGrid(page: Page, lang: Lang): Promise<{ region: Locator; grid: Locator }> {
  await signInByApi(page, demoAdmin(SUPPORT), DEMO.norte);
  if (lang === 'ar') {
    await page.getByRole('combobox', { name: 'Language' }).selectOption(CULTURE.ar);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
  const name = text('', lang, 'shell.bookings');
  await chooseSection(page, name);
  const region = page.getByRole('region', { name, exact: true });
  const grid = region.getByRole('table');
  await expect(grid.getByRole('row').nth(5)).toBeVisible({ timeout: 30_000 });
  return { region, grid };
}

/** A box on the screen: its left and right edges in CSS pixels. */
interface Span {
  left: number;
  right: number;
}

/**
 * Where each character group of an element's text is drawn: for each pattern, the first match in the text
 * (all its text nodes read in order), measured with a DOM Range over those characters. This is the order a
 * reader sees, after the browser's bidirectional algorithm, not the order of the characters in the page.
 */
async function groups(element: Locator, patterns: RegExp[]): Promise<{ text: string; spans: Span[] }> {
  return element.evaluate(
    (node, sources) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const pieces: { node: Text; start: number }[] = [];
      let all = '';
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        pieces.push({ node: t as Text, start: all.length });
        all += (t as Text).data;
      }
      const at = (offset: number): [Text, number] => {
        const piece = [...pieces].reverse().find((p) => p.start <= offset)!;
        return [piece.node, offset - piece.start];
      };
      const spans = sources.map((source) => {
        const match = new RegExp(source, 'u').exec(all);
        if (!match) throw new Error(`no ${source} in "${all}"`);
        const range = document.createRange();
        range.setStart(...at(match.index));
        range.setEnd(...at(match.index + match[0].length - 1));
        range.setEnd(range.endContainer, range.endOffset + 1);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        return { left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) };
      });
      return { text: all, spans };
    },
    patterns.map((p) => p.source),
  );
}

/** The groups of a phone number "+34 615 989 202": its country code and its last group of digits. */
const PHONE = [/\+\d+/, /\d+$/];
/** The groups of a date and time as the back office writes them: day, year, time (format.ts). */
const DATE = [/\d{1,2}(?=\s)/, /\d{4}/, /\d{2}:\d{2}/];

/**
 * Expects a phone number drawn as written, left to right in every language: "+34" left of the last digits
 * (in Arabic, without isolation, it reads "202 989 615 34+").
 */
async function expectPhoneInOrder(element: Locator, where: string): Promise<void> {
  const { text: shown, spans } = await groups(element, PHONE);
  expect.soft(spans[0].right, `${where}: "${shown}" draws its country code left of its last digits`).toBeLessThanOrEqual(spans[1].left);
}

/**
 * Expects a date and time drawn in the order its language reads it (format.ts writes "28 نوفمبر 2026، 18:05"
 * in Arabic, "28 Nov 2026, 18:05" in English): read from the right in Arabic, day, month, year, then the
 * time, so the day is rightmost and the time leftmost; from the left in English. A date forced left to right
 * in Arabic would put its year first for a reader.
 */
async function expectDateInOrder(element: Locator, lang: Lang, where: string): Promise<void> {
  const { text: shown, spans } = await groups(element, DATE);
  const [day, year, time] = spans;
  const message = `${where}: "${shown}" reads day, year, time ${lang === 'ar' ? 'from the right' : 'from the left'}`;
  if (lang === 'ar') {
    expect.soft(day.left, message).toBeGreaterThanOrEqual(year.right);
    expect.soft(year.left, message).toBeGreaterThanOrEqual(time.right);
  } else {
    expect.soft(day.right, message).toBeLessThanOrEqual(year.left);
    expect.soft(year.right, message).toBeLessThanOrEqual(time.left);
  }
}

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
]) {
  for (const lang of ['en', 'ar'] as const) {
    test(`at ${width}×${height} in ${lang === 'en' ? 'English' : 'Arabic'} the bookings grid shows every column, status and actions whole`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height });
      const { grid } = await openGrid(page, lang);
      await page.waitForLoadState('networkidle');
      await snapshot(page, testInfo, `grid-${width}-${lang}`);

      // The grid's visible box: inside its border and its own scroll bar (on the left in Arabic).
      const box = await grid.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left + el.clientLeft, right: r.left + el.clientLeft + el.clientWidth, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
      });
      expect(box.scrollWidth, 'the grid does not scroll sideways').toBeLessThanOrEqual(box.clientWidth);
      // Every column at 1440 pixels; at 1280 all but the e-mail (in the booking's details).
      const headers = grid.getByRole('columnheader');
      await expect(headers).toHaveCount(width >= 1440 ? 10 : 9);
      if (width < 1440) await expect(headers.filter({ hasText: text('features/bookings/', lang, 'columns.email') })).toHaveCount(0);

      const rows = grid.getByRole('row');
      // The header row and the first five bookings.
      for (let i = 0; i < 6; i++) {
        const cells = rows.nth(i).locator('> [role="cell"], > [role="columnheader"]');
        for (const column of ['status', 'actions'] as const) {
          const cell = cells.nth(COLUMN[column]);
          // What the cell draws (the status badge, the action buttons, a header's text) lies wholly inside
          // the grid's visible box, and is not cut by the cell's own edge.
          const drawn = await cell.evaluate((el) => {
            const content = (el.firstElementChild ?? el) as HTMLElement;
            const r = content.getBoundingClientRect();
            const c = el.getBoundingClientRect();
            const label = content.querySelector('.mantine-Badge-label') ?? content;
            return { left: r.left, right: r.right, cellLeft: c.left, cellRight: c.right, cut: label.scrollWidth > label.clientWidth + 1, text: el.textContent };
          });
          const where = `row ${i} ${column} "${drawn.text}"`;
          expect(drawn.left, `${where} starts inside the grid`).toBeGreaterThanOrEqual(box.left - 0.5);
          expect(drawn.right, `${where} ends inside the grid`).toBeLessThanOrEqual(box.right + 0.5);
          expect(drawn.left, `${where} starts inside its cell`).toBeGreaterThanOrEqual(drawn.cellLeft - 0.5);
          expect(drawn.right, `${where} ends inside its cell`).toBeLessThanOrEqual(drawn.cellRight + 0.5);
          expect(drawn.cut, `${where} is not cut short`).toBe(false);
        }
        if (i === 0) continue;
        // A Latin name or e-mail too long for its column is cut at its end, never at its beginning (in Arabic
        // the cut fell on the first name): the text starts inside its cell.
        for (const column of ['customer', 'email'] as const) {
          const cell = cells.nth(COLUMN[column]);
          if (!(await cell.isVisible())) continue; // the e-mail is left out at 1280 pixels
          const start = await cell.evaluate((el) => {
            const text = el.querySelector('bdi') ?? el;
            const r = text.getBoundingClientRect();
            const c = el.getBoundingClientRect();
            return { text: text.textContent, starts: r.left >= c.left - 0.5 };
          });
          expect(start.starts, `row ${i} ${column} "${start.text}" shows its beginning`).toBe(true);
        }
      }
    });
  }
}

for (const lang of ['ar', 'en'] as const) {
  test(`in ${lang === 'en' ? 'English' : 'Arabic'} a phone number and a date read in order in the grid and in the booking details`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { grid } = await openGrid(page, lang);
    // The first booking with a Spanish phone and a session date.
    const row = grid
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: /^\+34 \d/ }) })
      .filter({ has: page.getByRole('cell', { name: /\d{2}:\d{2}$/ }) })
      .first();
    await expect(row).toBeVisible();
    const cells = row.getByRole('cell');
    await expectPhoneInOrder(cells.nth(COLUMN.phone), 'grid phone');
    await expectDateInOrder(cells.nth(COLUMN.session), lang, 'grid session');
    await expectDateInOrder(cells.nth(COLUMN.created), lang, 'grid created');

    // The same booking's details.
    const phone = ((await cells.nth(COLUMN.phone).textContent()) ?? '').trim();
    await cells.nth(COLUMN.actions).getByRole('button').first().click();
    const details = page.getByRole('dialog');
    await expect(details.getByTestId('booking-identifier')).toBeVisible({ timeout: 30_000 });
    await expectPhoneInOrder(details.getByText(phone, { exact: true }), 'details phone');
    const session = details.getByRole('cell').filter({ hasText: /\d{2}:\d{2} · / }).first();
    await expect(session).toBeVisible();
    await expectDateInOrder(session, lang, 'details session');
    await snapshot(page, testInfo, `order-${lang}-details`);
    await details.locator('.mantine-Modal-close').first().click();
    await expect(details).toBeHidden();
  });
}
