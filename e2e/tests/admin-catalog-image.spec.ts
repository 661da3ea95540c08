import { expect, test } from '@playwright/test';
import { newProduct, runName, solidPng, staffCall, staffFor } from '../support/admin-catalog.ts';
import { company, openBooking } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

test.describe('back office catalogue, product images', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an uploaded image is checked, stored at 90×70 and shown on the product card of the booking page', async ({ page, request }) => {
    const fjord = company(DEMO.fjord);
    const staff = await staffFor(request, DEMO.fjord);
    // Over 500 pixels high: refused.
    const tall = await request.post('/api/product/photo', {
      headers: staff.headers,
      data: { idCompany: staff.idCompany, name: 'tall', photo: solidPng(500, 501, [0, 0, 0]).toString('base64') },
    });
    expect(tall.status()).toBe(422);

    const { url } = await staffCall<{ url: string }>(request, staff, 'post', '/api/product/photo', {
      name: 'e2eCard', photo: solidPng(400, 300, [220, 30, 30]).toString('base64'),
    }, 201);
    expect(url).toMatch(/^\/api\/product\/image\/[0-9a-f]{64}\.png$/);
    const served = await request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['cache-control']).toContain('immutable');
    const png = await served.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([90, 70]);

    const name = runName('Photo laps');
    await newProduct(request, staff, name, '18', { image: url });
    await openBooking(page, fjord);
    const card = page.getByTestId(/^product-/).filter({ hasText: name });
    const img = card.locator(`img[src="${url}"]`);
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(90);
  });
});
