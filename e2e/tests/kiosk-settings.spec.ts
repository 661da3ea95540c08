import { expect, test } from '@playwright/test';
import { demoAdmin, signInByApi, SUPPORT } from '../support/admin.ts';
import { company } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Sign-in hashes a password, the kiosk loads its chunks, and the idle period itself takes 20 s: generous.
test.describe.configure({ timeout: 240_000 });
test.use({ locale: 'en-GB' });

/** The idle period this spec sets: short enough to wait for, far from the demo's 60 s. */
const IDLE_SECONDS = 20;

interface CompanyPublic {
  data: string;
  kiosk: { defaultLanguage: string; idleSeconds: number };
}

test("the kiosk's idle period set in the advertising dialog sends the kiosk back to its start after it", async ({ page }) => {
  const norte = company(DEMO.norte);
  const answer = await signInByApi(page, demoAdmin(SUPPORT), DEMO.norte);
  const idCompany = answer.companies.find((c) => c.companyName === DEMO.norte)!.idCompany;
  const read = async () => (await (await page.request.get(`/api/company/${idCompany}`)).json()) as CompanyPublic;
  // What the demo has, put back at the end: other specs count on the kiosk's 60 s.
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

  try {
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

    // The kiosk: to the second stage, then no touch.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/kiosk/${norte.key}`);
    const wizard = page.getByTestId('booking-wizard');
    await expect(wizard).toHaveAttribute('data-stage', '0', { timeout: 30_000 });
    await wizard.getByRole('radio', { name: 'Tanda adultos 10 minutos' }).check();
    await wizard.getByRole('button', { name: /^(Siguiente|Next)$/ }).click();
    const lastTouch = Date.now();
    await expect(wizard).toHaveAttribute('data-stage', '1');
    // Back at the start once the new period has passed (well before the demo's 60 s), the choice gone…
    await expect(wizard).toHaveAttribute('data-stage', '0', { timeout: 45_000 });
    const waited = Date.now() - lastTouch;
    // …and not before it: the period counts from the last touch.
    expect(waited).toBeGreaterThanOrEqual((IDLE_SECONDS - 2) * 1000);
    await expect(wizard.getByRole('radio', { name: 'Tanda adultos 10 minutos' })).not.toBeChecked();
  } finally {
    const restored = await save({ kioskIdleSeconds: before.kiosk.idleSeconds, defaultKioskLanguage: before.kiosk.defaultLanguage });
    expect(restored.status()).toBe(200);
  }
});
