import { expect, test } from '@playwright/test';
import { checkPage, company, uniqueEmail } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Holds one place of Circuito Norte's race (30 places) and lets it lapse: nothing is paid.

test.describe('event registration, discount codes', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
  });

  test('an unknown and an expired code are refused with their message and change nothing; the good code reprices', async ({ page, request }, testInfo) => {
    const norte = company(DEMO.norte);
    const config = (await (await request.get(`/api/config/${norte.key}`)).json()) as { idCompany: number };
    const list = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as { data: { name: string; key: string }[] };
    const event = list.data.find((e) => e.name === 'Copa Norte Nocturna');
    expect(event).toBeDefined();

    await page.goto(`/event/${event!.key}/register`);
    const heading = page.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText('Your details');
    const email = uniqueEmail('event-discount');
    await page.getByRole('textbox', { name: 'Driver name' }).fill('Lola Martín');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('600123456');
    await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Repeat the e-mail address' }).fill(email);
    await page.getByRole('checkbox', { name: /16/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading).toHaveText('Summary');
    const total = page.getByTestId('summary-total');
    await expect(total).toHaveText('45.00 €');

    const code = page.getByRole('textbox', { name: 'Discount code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    const applied = () => page.waitForResponse((r) => r.url().endsWith('/api/booking/discount'));

    // Unknown code: 404, its message by the field, the price unchanged.
    await code.fill('NO-SUCH-CODE');
    let answer = applied();
    await apply.click();
    expect((await answer).status()).toBe(404);
    await expect(page.getByText('This discount code does not exist.')).toBeVisible();
    await expect(total).toHaveText('45.00 €');
    await expect(page.getByTestId('summary-discount')).toHaveCount(0);

    // Expired code (VERANO20 ended a month before the demo was seeded): 410 and its message.
    await code.fill('VERANO20');
    answer = applied();
    await apply.click();
    expect((await answer).status()).toBe(410);
    await expect(page.getByText('This discount code has expired.')).toBeVisible();
    await expect(page.getByText('This discount code does not exist.')).toHaveCount(0);
    await expect(total).toHaveText('45.00 €');
    await checkPage(page, testInfo, 'event-discount-refused');

    // The good code, in any case, still works: 10 % off.
    await code.fill('bienvenido10');
    answer = applied();
    await apply.click();
    expect((await answer).status()).toBe(200);
    await expect(total).toHaveText('40.50 €');
    await expect(page.getByTestId('summary-original')).toHaveText('45.00 €');
    await expect(page.getByTestId('summary-discount')).toHaveText('Discount BIENVENIDO10: −4.50 €');
    await expect(page.getByText('This discount code has expired.')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveCount(0);
    await checkPage(page, testInfo, 'event-discount-applied');
  });
});
