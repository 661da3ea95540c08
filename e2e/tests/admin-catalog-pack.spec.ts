import { expect, test } from '@playwright/test';
import { newProduct, runName, staffCall, staffFor, type StaffProduct } from '../support/admin-catalog.ts';
import { acceptTerms, bookableDay, chooseProduct, company, fillRegister, next, openBooking, pickDay, slot, stageHeading, uniqueEmail } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.describe('back office catalogue, packs', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a pack of three new products, reordered by staff, is listed in that order and booked in the wizard', async ({ page, request }) => {
    const fjord = company(DEMO.fjord);
    const staff = await staffFor(request, DEMO.fjord);
    const tag = runName('Pk');
    const [warmUp, heat, final] = [
      await newProduct(request, staff, `${tag} warm-up`, '10'),
      await newProduct(request, staff, `${tag} heat`, '12'),
      await newProduct(request, staff, `${tag} final`, '15'),
    ];
    const name = `${tag} triple`;
    const pack = await staffCall<StaffProduct>(request, staff, 'post', '/api/product/createPack', {
      name, idLocal: `E2E-${tag}-pack`, price: 33, productIds: [warmUp.id, heat.id, final.id],
    }, 201);
    expect(pack.productIds).toEqual([warmUp.id, heat.id, final.id]);
    const reordered = await staffCall<StaffProduct>(request, staff, 'put', '/api/product/updatePack', {
      id: pack.id, name, idLocal: `E2E-${tag}-pack`, price: 33, productIds: [final.id, warmUp.id, heat.id],
    }, 200);
    expect(reordered.productIds).toEqual([final.id, warmUp.id, heat.id]);

    await openBooking(page, fjord);
    const card = page.getByTestId(/^product-/).filter({ hasText: name });
    await expect(card.getByRole('listitem')).toHaveText([`${tag} final`, `${tag} warm-up`, `${tag} heat`]);
    await chooseProduct(page, name, 1);
    await next(page);
    await pickDay(page, bookableDay(5));
    await slot(page, '12:00:00').click();
    await expect(page.locator('button[data-status="MARKED"]')).toHaveCount(3);
    await next(page);
    await fillRegister(page, { nombre: 'Ida', apellidos: 'Berg', email: uniqueEmail('pack'), phone: '20123456' }, [{ name: 'Ida' }]);
    await next(page);
    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(page.getByTestId('summary-item')).toContainText(name);
    await expect(page.getByTestId('summary-total')).toContainText(/33[.,]00/);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Create booking' }).click();
    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeVisible();
  });
});
