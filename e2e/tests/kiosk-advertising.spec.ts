import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';
import { demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { company } from '../support/booking.ts';
import { expect, test } from '../support/own-server.ts';
import { DEMO } from '../support/state.ts';

test.describe.configure({ timeout: 150_000 });
test.use({ locale: 'en-GB' });

/** A valid 300×700 PNG of one colour (RGB), as the advertising dialog takes it. */
function png(r: number, g: number, b: number): Buffer {
  const width = 300;
  const height = 700;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Chooses a PNG for one of the dialog's images and returns the address the server stored it at. */
async function upload(page: Page, slot: string, file: Buffer): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/publi/photo') && r.request().method() === 'POST');
  await page.getByRole('dialog', { name: 'Advertising' }).getByLabel(slot, { exact: true }).setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: file });
  const response = await answer;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

// This spec saves Circuito Norte's advertising, which the kiosk and booking page specs show: it runs on a
// demo server of its own.
test('advertising uploaded in the dialog appears on the kiosk in the default language and in English', async ({ page, ownServer }) => {
  const norte = company(DEMO.norte, ownServer.state);
  const answer = await signInByApi(page, demoAdmin(SUPPORT, ownServer.state), DEMO.norte);
  const idCompany = answer.companies.find((c) => c.companyName === DEMO.norte)!.idCompany;
  // What the demo has, put back at the end (and the server must accept it back).
  const before = JSON.parse(((await (await page.request.get(`/api/company/${idCompany}`)).json()) as { data: string }).data) as {
    publi: Record<string, string | null | boolean>;
  };

  try {
    await page.getByRole('button', { name: /User menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Advertising' }).click();
    const dialog = page.getByRole('dialog', { name: 'Advertising' });
    await expect(dialog.getByRole('button', { name: 'Accept' })).toBeVisible();
    const leftDefault = await upload(page, 'Left image (default language)', png(200, 30, 30));
    const leftEnglish = await upload(page, 'Left image (English)', png(30, 30, 200));
    expect(leftDefault).not.toBe(leftEnglish);
    await dialog.getByRole('textbox', { name: 'Left hyperlink' }).fill('https://sponsor.example/kiosk');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Advertising updated')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The kiosk starts in its default language (Spanish): the default image, linked.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/kiosk/${norte.key}`);
    const left = page.getByTestId('kiosk-ad-left');
    await expect(left).toHaveAttribute('src', leftDefault, { timeout: 30_000 });
    await expect(left).toBeVisible();
    await expect(page.locator('a', { has: left })).toHaveAttribute('href', 'https://sponsor.example/kiosk');
    await expect(page.locator('html')).toHaveAttribute('lang', /^es/);

    // In English: the English variant.
    await page.getByRole('combobox', { name: /idioma|language/i }).selectOption('en-GB');
    await expect(left).toHaveAttribute('src', leftEnglish);
  } finally {
    // A write with the session cookie must come from the site's own origin.
    const restored = await page.request.post('/api/company/updatePubli', {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        idCompany,
        imgLeftDefault: before.publi.imgLeftDefault ?? null,
        imgRightDefault: before.publi.imgRightDefault ?? null,
        imgLeftENG: before.publi.imgLeftENG ?? null,
        imgRightENG: before.publi.imgRightENG ?? null,
        hyperlinkLeft: before.publi.hyperlinkLeft ?? null,
        hyperlinkRight: before.publi.hyperlinkRight ?? null,
      },
    });
    expect(restored.status()).toBe(200);
  }
});
