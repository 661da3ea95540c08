import type { Locator } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  bookingsCount,
  bookingsTotals,
  dayFromToday,
  demoAdmin,
  openBookings,
  queryBookings,
  sectionRegion,
  signInByApi,
} from '../support/admin.ts';
import { expect, test } from '../support/own-server.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';
import { isoOfShown } from '../support/admin-format.ts';

/** The English headings of a bookings export, in order. */
// The price column's title names the demo company's currency (issue 25), as billing's amounts do.
const HEADINGS = ['ID', 'Reference', 'Booking', 'Created', 'Session date', 'Customer', 'Phone', 'Email', 'Price (EUR)', 'Drivers', 'Sessions', 'Status', 'Track'];
/** The grid's columns, in order. */
const GRID = ['reference', 'actions', 'created', 'session', 'customer', 'phone', 'email', 'price', 'drivers', 'status'] as const;

type GridRow = Record<(typeof GRID)[number], string>;

/** The texts of a grid row's cells by column. */
async function gridRow(row: Locator): Promise<GridRow> {
  const texts = await row.getByRole('cell').allTextContents();
  return Object.fromEntries(GRID.map((c, i) => [c, (texts[i] ?? '').trim()])) as GridRow;
}

/** A worksheet cell's value as text ('' when empty). */
function text(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  return String(v);
}

// The grid is read, then the download, which queries again: the spec runs on a demo server of its own,
// where no other spec books at Circuito Norte meanwhile.
test.describe('back office: bookings by sale date and their XLSX export', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the last 31 days by sale date: the grid shows them, and the XLSX download holds the same rows and totals, without formulas', async ({ page, ownServer }, testInfo) => {
    // A 1440-pixel screen, where the grid shows every column (on a narrower one it leaves out the e-mail and
    // then the sale date, which gridRow reads by position).
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByApi(page, demoAdmin('admin@circuitonorte.example', ownServer.state), DEMO.norte);
    const region = await openBookings(page);
    const start = dayFromToday(-30);
    const end = dayFromToday(0);
    await queryBookings(page, { start, end, by: 'sale' });

    const count = await bookingsCount(page);
    expect(count, 'a year of demo history has sales in the last 31 days').toBeGreaterThan(5);
    const grid = region.getByRole('table');
    await expect(grid).toHaveAttribute('aria-rowcount', String(count + 1));
    const totalsText = (await bookingsTotals(page).textContent()) ?? '';
    const drivers = Number(/Drivers:\s*(\d+)/.exec(totalsText)?.[1]);
    const sessions = Number(/Sessions:\s*(\d+)/.exec(totalsText)?.[1]);
    // Every row of the grid was sold in the range: its creation day is within it.
    const firstRows: GridRow[] = [];
    for (let i = 0; i < 5; i++) firstRows.push(await gridRow(grid.locator(`[role="row"][aria-rowindex="${i + 2}"]`)));
    for (const row of firstRows) {
      const created = isoOfShown(row.created)[0] ?? row.created;
      expect(created.slice(0, 10) >= start && created.slice(0, 10) <= end, `created ${row.created}`).toBe(true);
    }
    await snapshot(page, testInfo, 'bookings-by-sale-date');

    // The export control downloads the query on screen.
    const downloading = page.waitForEvent('download');
    await region.getByRole('link', { name: 'Export XLSX' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^bookings_Circuito.Norte_${start}_${end}\\.xlsx$`));
    const file = testInfo.outputPath('bookings.xlsx');
    await download.saveAs(file);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets).toHaveLength(1);
    const sheet = book.worksheets[0];

    // No cell anywhere is a formula (customer-typed text included).
    const formulas: string[] = [];
    sheet.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.type === ExcelJS.ValueType.Formula || cell.formula) {
          formulas.push(cell.address);
        }
      }),
    );
    expect(formulas, 'formula cells').toEqual([]);

    // Headings, one row per booking of the grid, then the totals row.
    const headings = HEADINGS.map((_, i) => text(sheet.getRow(1).getCell(i + 1)));
    expect(headings).toEqual(HEADINGS);
    expect(sheet.actualRowCount, 'headings + bookings + totals').toBe(count + 2);
    const cell = (row: number, heading: string) => sheet.getRow(row).getCell(HEADINGS.indexOf(heading) + 1);

    // The first rows are the grid's first rows, cell by cell.
    for (const [i, row] of firstRows.entries()) {
      const r = i + 2;
      expect(text(cell(r, 'Reference')), `row ${r}`).toBe(row.reference);
      expect(text(cell(r, 'Booking')), 'the identifier stays in the file').not.toBe('');
      // The grid writes days the language's way ("28 Nov 2026, 18:05"), the file keeps YYYY-MM-DD HH:mm.
      expect(text(cell(r, 'Created'))).toBe(isoOfShown(row.created)[0]);
      // A booking without a session (a voucher) has an empty cell where the grid says 'No date'.
      expect(text(cell(r, 'Session date')).slice(0, 16)).toBe(row.session === 'No date' ? '' : isoOfShown(row.session)[0]);
      expect(text(cell(r, 'Customer'))).toBe(row.customer);
      expect(text(cell(r, 'Phone'))).toBe(row.phone);
      expect(text(cell(r, 'Email'))).toBe(row.email);
      expect(text(cell(r, 'Drivers'))).toBe(row.drivers);
      expect(text(cell(r, 'Status'))).toBe(row.status);
      expect(cell(r, 'Price (EUR)').type).toBe(ExcelJS.ValueType.Number);
      expect(row.price.replace(/[^\d.]/g, '')).toBe(Number(cell(r, 'Price (EUR)').value).toFixed(2));
    }

    // And so is the last one (the grid is virtualised: scroll to its end first).
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const lastRow = await gridRow(grid.locator(`[role="row"][aria-rowindex="${count + 1}"]`));
    expect(text(cell(count + 1, 'Reference'))).toBe(lastRow.reference);
    expect(text(cell(count + 1, 'Email'))).toBe(lastRow.email);
    expect(text(cell(count + 1, 'Status'))).toBe(lastRow.status);

    // The totals row: the number of bookings, and the drivers and sessions the screen's totals show.
    const totals = count + 2;
    expect(text(cell(totals, 'ID'))).toBe('Total');
    expect(cell(totals, 'Reference').value).toBe(count);
    expect(cell(totals, 'Drivers').value).toBe(drivers);
    expect(cell(totals, 'Sessions').value).toBe(sessions);
    let livePrice = 0;
    for (let r = 2; r <= count + 1; r++) {
      if (text(cell(r, 'Status')) !== 'Cancelled') livePrice += Number(cell(r, 'Price (EUR)').value);
    }
    expect(Number(cell(totals, 'Price (EUR)').value)).toBeCloseTo(livePrice, 2);
  });
});
