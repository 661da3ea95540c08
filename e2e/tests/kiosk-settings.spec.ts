import { demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { company } from '../support/booking.ts';
import { expectIdleReset, openKiosk } from '../support/kiosk.ts';
import { expect, test } from '../support/own-server.ts';
import { DEMO } from '../support/state.ts';

// Sign-in hashes a password and the kiosk loads its chunks: generous on a busy machine.
test.describe.configure({ timeout: 180_000 });
test.use({ locale: 'en-GB' });

/**
 * The idle period this spec sets: far from the demo's 60 s. It passes on the page's clock (page.clock),
 * so its length costs no time.
 */
const IDLE_SECONDS = 120;

interface CompanyPublic {
  data: string;
  kiosk: { defaultLanguage: string; idleSeconds: number };
}

// This spec saves Circuito Norte's kiosk settings, which kiosk-idle.spec.ts and kiosk-advertising.spec.ts
// read: it runs on a demo server of its own.
test("the kiosk's idle period set in the advertising dialog sends the kiosk back to its start after it", async ({ page, ownServer }) => {
  const norte = company(DEMO.norte, ownServer.state);
  const answer = await signInByApi(page, demoAdmin(SUPPORT, ownServer.state), DEMO.norte);
  const idCompany = answer.companies.find((c) => c.companyName === DEMO.norte)!.idCompany;
  const read = async () => (await (await page.request.get(`/api/company/${idCompany}`)).json()) as CompanyPublic;
  const before = await read();
  const publi = (JSON.parse(before.data) as { publi: Record<string, string | null> }).publi;
  const origin = () => ({ Origin: new URL(page.url()).origin }); // a cookie write must come from the site itself
  const save = (extra: Record<string, unknown>) =>
    page.request.post('/api/company/updatePubli', {
      headers: origin(),
      data: {
        idCompany,
        imgLeftDefault: publi.imgLeftDefault ?? null,
        imgRightDefault: publi.imgRightDefault ?? null,
        imgLeftENG: publi.imgLeftENG ?? null,
        imgRightENG: publi.imgRightENG ?? null,
        hyperlinkLeft: publi.hyperlinkLeft ?? null,
        hyperlinkRight: publi.hyperlinkRight ?? null,
        ...extra,
      },
    });
  expect(before.kiosk.idleSeconds, 'the demo kiosk starts with another period').not.toBe(IDLE_SECONDS);

  // The server checks the bounds whatever the dialog lets through: 422 naming the fields, nothing saved.
  const refused = await save({ kioskIdleSeconds: 5, defaultKioskLanguage: 'fr-FR' });
  expect(refused.status()).toBe(422);
  const fields = ((await refused.json()) as { fields: Record<string, string> }).fields;
  expect(Object.keys(fields).sort()).toEqual(['defaultKioskLanguage', 'kioskIdleSeconds']);
  expect((await read()).kiosk).toEqual(before.kiosk);

  await page.getByRole('button', { name: /User menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Advertising' }).click();
  const dialog = page.getByRole('dialog', { name: 'Advertising' });
  const idle = dialog.getByRole('textbox', { name: /^Seconds without a touch/ });
  await expect(idle).toHaveValue(String(before.kiosk.idleSeconds));
  await expect(dialog.getByRole('combobox', { name: 'Kiosk language' })).toHaveValue(before.kiosk.defaultLanguage);
  await idle.fill('3');
  await expect(dialog.getByText('Enter a whole number of seconds between 15 and 3600')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await idle.fill(String(IDLE_SECONDS));
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Advertising updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await read()).kiosk).toEqual({ defaultLanguage: before.kiosk.defaultLanguage, idleSeconds: IDLE_SECONDS });

  // The kiosk: to the second stage, then no touch. Still there a second before the new period has passed
  // since the last touch (past the demo's 60 s), back at the start, the choice gone, once it has.
  await page.setViewportSize({ width: 1280, height: 800 });
  const wizard = await openKiosk(page, norte.key);
  await expectIdleReset(page, wizard, IDLE_SECONDS);

  // The demo's settings are accepted back.
  const restored = await save({ kioskIdleSeconds: before.kiosk.idleSeconds, defaultKioskLanguage: before.kiosk.defaultLanguage });
  expect(restored.status()).toBe(200);
});
