import { expect, test } from '@playwright/test';
import { newProduct, runName, saturdayFrom, staffCall, staffFor, type StaffProduct } from '../support/admin-catalog.ts';
import { acceptTerms, circuitDay, chooseProduct, company, fillRegister, next, openBooking, pickSession, stageHeading, uniqueEmail } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.describe('back office catalogue, dynamic prices', () => {
  test.describe.configure({ timeout: 180_000 });

  test("a Saturday-evening price saved by staff is the customer's summary total and what the booking costs", async ({ page, request }) => {
    const fjord = company(DEMO.fjord);
    const staff = await staffFor(request, DEMO.fjord);
    const name = runName('Evening laps');
    const product = await newProduct(request, staff, name, '20');
    const hours = await (await request.get(`/api/admin/company?idCompany=${staff.idCompany}`, { headers: staff.headers })).json();

    // A row starting before opening is refused as overlappingHours and changes nothing.
    const early = JSON.stringify({ dynamicPrice: { SA: { prices: [{ from: '00:00', to: '00:00', price: 1 }] } } });
    const refused = await request.put('/api/product/updateProduct', {
      headers: staff.headers,
      data: { idCompany: staff.idCompany, id: product.id, name, idLocal: `E2E-${name}`, price: '20', isDynamicPrice: 1, data: early },
    });
    if (hours.openingTime !== '00:00') {
      expect(refused.status()).toBe(422);
      expect(JSON.stringify(await refused.json())).toContain('overlappingHours');
    }

    // Saturday from 18:00 to closing: 37.50 a driver.
    const evening = JSON.stringify({ dynamicPrice: { SA: { prices: [{ from: '18:00', to: hours.closingTime, price: 37.5 }] } } });
    const saved = await staffCall<StaffProduct & { isDynamicPrice: number }>(request, staff, 'put', '/api/product/updateProduct', {
      id: product.id, name, idLocal: `E2E-${name}`, price: '20', isDynamicPrice: 1, data: evening,
      idVariant: product.idVariant,
    }, 200);
    expect(saved.isDynamicPrice).toBe(1);

    const saturday = saturdayFrom(circuitDay, 3);
    await openBooking(page, fjord);
    await chooseProduct(page, name, 2);
    await next(page);
    await pickSession(page, { day: saturday, time: '19:00:00' });
    await next(page);
    const email = uniqueEmail('dynamic');
    await fillRegister(page, { nombre: 'Mette', apellidos: 'Hansen', email, phone: '20123456' }, [{ name: 'Mette' }, { name: 'Lars' }]);
    await next(page);
    await expect(stageHeading(page, 'Summary of your booking')).toBeVisible();
    await expect(page.getByTestId('summary-item')).toContainText(name);
    await expect(page.getByTestId('summary-total')).toContainText(/75[.,]00/);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Create booking' }).click();
    await expect(stageHeading(page, 'Your booking is confirmed!')).toBeVisible();

    // The booking costs what the summary said: two drivers at the Saturday-evening price.
    const rows = await staffCall<{ data: { email: string; price: number }[] }>(request, staff, 'post', '/api/admin/retrieve-bookings', {
      dateIni: saturday, dateEnd: saturday, filterType: 'fechaReserva',
    }, 200);
    expect(rows.data.find((r) => r.email === email)?.price).toBe(75);
  });
});
