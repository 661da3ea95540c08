import { expect, test } from '@playwright/test';
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
  toSummary,
  uniqueEmail,
} from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.describe('booking wizard, a pack', () => {
  test.describe.configure({ timeout: 180_000 });

  test('choosing the first session selects the three sessions of the pack, held once on Next', async ({ page }, testInfo) => {
    const norte = company(DEMO.norte);
    await openBooking(page, norte);
    const pack = page.getByTestId(/^product-/).filter({ hasText: 'Pack Campeón: 3 tandas' });
    await expect(pack).toContainText('Sessions included (3):');
    await expect(pack.getByRole('listitem')).toHaveText([
      'Tanda adultos 10 minutos',
      'Tanda adultos 15 minutos',
      'Gran Premio (mínimo 4 pilotos)',
    ]);
    await chooseProduct(page, 'Pack Campeón: 3 tandas', 1);
    await checkStage(page, testInfo, 'stage-0-drivers');
    await next(page);
    await pickDay(page, bookableDay(4));
    await expect(page.getByText("Choose the first session: the pack's 3 sessions are selected in a row automatically.")).toBeVisible();

    // Too late in the day for three sessions: a warning, and nothing is marked.
    await slot(page, '21:30:00').click();
    await expect(page.getByRole('alert').filter({ hasText: 'The pack needs 3 sessions in a row' })).toBeVisible();
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(0);

    // gapSlots 1 on a 15-minute schedule: 18:00, 18:30 and 19:00.
    const prebookings: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/prebooking') prebookings.push(r.postDataJSON());
    });
    await slot(page, '18:00:00').click();
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(3);
    for (const time of ['18:00:00', '18:30:00', '19:00:00']) await expect(slot(page, time)).toHaveAttribute('data-status', 'MARKED');
    expect(prebookings).toHaveLength(0); // a pack is held on Next, once
    await checkStage(page, testInfo, 'stage-1-date');

    // Unmarking one unmarks all; marking again picks the chain again.
    await slot(page, '18:30:00').click();
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(0);
    await slot(page, '18:00:00').click();
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(3);

    await next(page);
    await expect(stageHeading(page, 'Your details')).toBeVisible();
    expect(prebookings).toHaveLength(1);
    expect(prebookings[0]).toMatchObject({
      type: 'PACK',
      numDrivers: 1,
      bookingDates: [expect.stringMatching(/ 18:00:00$/), expect.stringMatching(/ 18:30:00$/), expect.stringMatching(/ 19:00:00$/)],
      price: 79,
    });
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/pre-bookings: 1/);

    await toSummary(page, { nombre: 'Lucía', email: uniqueEmail('pack'), phone: '600111222' }, [
      { name: 'Lucía', email: uniqueEmail('lucia') },
    ], { testInfo });
    const item = page.getByTestId('summary-item');
    await expect(item).toContainText('Pack Campeón: 3 tandas');
    await expect(item).toContainText('18:00, 18:30, 19:00');
    await expect(item).toContainText('Drivers: 1 × Sessions: 3');
    await expect(page.getByTestId('summary-total')).toHaveText('€79.00');
    await checkStage(page, testInfo, 'stage-3-summary');
  });
});
