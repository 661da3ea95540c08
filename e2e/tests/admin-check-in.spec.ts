import { writeFileSync } from 'node:fs';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { demoAdmin, FJORD_ADMIN, signInByApi } from '../support/admin.ts';
import { bookAtCircuitByApi, type Booked } from '../support/api-booking.ts';
import { company, expectNoHorizontalScroll, seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { DEMO } from '../support/state.ts';

// The desk's phone: the check-in page at 390 × 844. The booking's QR is read through Chromium's fake
// camera, fed a Y4M video this spec writes from the booking's own check code (the one its mail and done
// page carry). The spec books its own customers at Fjord Karting (payment at the circuit).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * Writes a Y4M video (4:2:0, 10 frames a second, 2 s, looped by Chromium) that shows `text` as a QR code,
 * black modules on white, centred, with the standard 4-module quiet zone.
 */
function writeQrVideo(file: string, text: string): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const [w, h] = [640, 480];
  // qr-scanner reads the central square of two thirds of the frame: the symbol and its quiet zone fit in it.
  const scale = Math.floor((Math.min(w, h) * 2) / 3 / (n + 8));
  const left = Math.floor((w - n * scale) / 2);
  const top = Math.floor((h - n * scale) / 2);
  const luma = Buffer.alloc(w * h, 255);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) luma.fill(0, (top + row * scale + dy) * w + left + col * scale, (top + row * scale + dy) * w + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const frames = Array.from({ length: 20 }, () => frame);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
}

/** Whether the Today view of the booking's day shows it arrived. */
async function arrivedInToday(page: Page, idCompany: number, booked: Booked): Promise<boolean> {
  const answer = await page.request.get(`/api/admin/today?idCompany=${idCompany}&date=${booked.date}`);
  expect(answer.ok()).toBe(true);
  const day = (await answer.json()) as { sessions: { bookings: { reference: string; arrived: boolean }[] }[] };
  return day.sessions.some((s) => s.bookings.some((b) => b.reference === booked.reference && b.arrived));
}

test.describe('back office: check-in by QR code on a phone', () => {
  test.describe.configure({ timeout: 300_000 });
  let camera: Browser | undefined;
  test.afterAll(async () => {
    await camera?.close();
  });

  test('the fake camera reads the booking’s QR, marks it arrived; offline marks are queued and sent once; Arabic; axe clean', async ({
    page,
  }, testInfo) => {
    const fjord = company(DEMO.fjord);
    const scanned = await bookAtCircuitByApi(page.request, fjord, { daysAhead: 12, drivers: 2 });
    const typed = await bookAtCircuitByApi(page.request, fjord, { daysAhead: 12, drivers: 1 });
    const signedIn = await signInByApi(page, demoAdmin(FJORD_ADMIN), DEMO.fjord);
    const idCompany = signedIn.companies.find((c) => c.companyName === DEMO.fjord)!.idCompany;

    // The code the done page draws (and the mail carries): reference and signed token.
    const summary = (await (await page.request.get(`/api/booking/summary/${scanned.identifier}`)).json()) as { checkCode: string };
    const compact = scanned.reference.replace('-', '');
    expect(summary.checkCode).toMatch(new RegExp(`^PITLANE:${compact}:[A-Z2-7]{24}$`));
    // An altered code is refused.
    const forged = summary.checkCode.slice(0, -1) + (summary.checkCode.endsWith('A') ? 'B' : 'A');
    // The staff API takes writes from its own origin only (CSRF).
    const origin = new URL(process.env.PITLANE_E2E_BASE_URL ?? page.url()).origin;
    const refused = await page.request.post('/api/admin/check-in-lookup', { data: { idCompany, code: forged }, headers: { Origin: origin } });
    expect(refused.status()).toBe(422);

    // Today links to the check-in page.
    await page.getByRole('link', { name: 'Check-in by QR code' }).click();
    await expect(page).toHaveURL(/\/admin\/check-in$/);
    await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();

    // A browser of its own whose camera films the booking's QR code.
    const video = testInfo.outputPath('booking-qr.y4m');
    writeQrVideo(video, summary.checkCode);
    camera = await chromium.launch({
      executablePath: process.env.PITLANE_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const context = await camera.newContext({
      baseURL: process.env.PITLANE_E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
      storageState: await page.context().storageState(),
    });
    const phone = await context.newPage();
    await phone.goto('/admin/check-in');
    await expect(phone.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(phone, 'page'), 'axe on the check-in page').toEqual([]);

    await phone.getByRole('button', { name: 'Scan a QR code' }).click();
    // The reference is isolated left to right inside the heading (U+2068 … U+2069), for Arabic.
    const bookingCard = (reference: string) => phone.getByRole('region', { name: new RegExp(`^Booking \u2068?${reference}\u2069?$`) });
    const card = bookingCard(scanned.reference);
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText('Drivers: 2')).toBeVisible();
    await expect(card.getByText(/^To pay: /)).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Stop the camera' })).toBeHidden(); // the camera stops on the read
    await snapshot(phone, testInfo, 'check-in-scanned');
    await card.getByRole('button', { name: 'Mark arrived' }).click();
    await expect(card.getByText(/^Arrived at /)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark arrived' })).toBeHidden();
    expect(await arrivedInToday(page, idCompany, scanned)).toBe(true);

    // The Wi-Fi drops: a reference typed in lower case without its dash is marked anyway, into the queue.
    await context.setOffline(true);
    await phone.getByRole('textbox', { name: 'Booking reference' }).fill(typed.reference.replace('-', '').toLowerCase());
    await phone.getByRole('button', { name: 'Find' }).click();
    const offlineCard = bookingCard(typed.reference);
    await expect(offlineCard.getByRole('alert')).toContainText('No connection');
    await offlineCard.getByRole('button', { name: 'Mark arrived' }).click();
    await offlineCard.getByRole('button', { name: 'Mark arrived' }).click(); // a double tap queues one mark
    const queue = phone.getByRole('region', { name: 'Waiting to send (1)' });
    await expect(queue).toBeVisible();
    await expect(queue.getByText(typed.reference)).toBeVisible();
    const stored = await phone.evaluate(() => localStorage.getItem('pitlane.checkin.queue') ?? '');
    expect(stored).toContain(typed.reference);
    expect(await arrivedInToday(page, idCompany, typed)).toBe(false);
    await expectNoHorizontalScroll(phone);
    await snapshot(phone, testInfo, 'check-in-queued');

    // The connection returns: the queue is sent, once.
    await context.setOffline(false);
    await expect(queue).toBeHidden({ timeout: 30_000 });
    expect(await arrivedInToday(page, idCompany, typed)).toBe(true);
    // The same mark replayed with its key (a queue sent twice) changes nothing.
    const key = (JSON.parse(stored) as { key: string }[])[0].key;
    const replay = await page.request.post('/api/admin/check-in', {
      headers: { 'Idempotency-Key': key, Origin: origin },
      data: { idCompany, reference: typed.reference },
    });
    expect(replay.ok()).toBe(true);
    expect(((await replay.json()) as { data: { replayed: boolean } }).data.replayed).toBe(true);

    // In Arabic: mirrored, the reference kept left to right, still axe clean and no sideways scroll.
    await phone.evaluate(() => sessionStorage.setItem('pitlane.culture', 'ar-SA'));
    await phone.reload();
    await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(phone.getByRole('heading', { name: 'تسجيل الوصول', level: 1 })).toBeVisible({ timeout: 30_000 });
    await phone.getByRole('textbox', { name: 'مرجع الحجز' }).fill(scanned.reference);
    await phone.getByRole('button', { name: 'بحث' }).click();
    const arCard = phone.getByRole('region', { name: new RegExp(`الحجز.*${scanned.reference}`) });
    await expect(arCard.getByText(/^وصل في /)).toBeVisible();
    await expectNoHorizontalScroll(phone);
    await snapshot(phone, testInfo, 'check-in-ar');
    expect(await seriousViolations(phone, 'page'), 'axe on the check-in page in Arabic').toEqual([]);
    await context.close();
  });
});
