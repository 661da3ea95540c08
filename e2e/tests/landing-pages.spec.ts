import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { company, seriousViolations } from '../support/booking.ts';
import { test as ownServerTest } from '../support/own-server.ts';
import { snapshot } from '../support/screenshot.ts';

// Whole journeys with axe checks: slow on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Runs SQL on a server's database with Debian's sqlite3; false when the tool is not there. The back office
 * cannot edit events yet.
 */
function sql(database: string, statements: string): boolean {
  try {
    execFileSync('sqlite3', [database], { input: `.timeout 10000\n${statements}\n`, stdio: ['pipe', 'pipe', 'pipe'] });
    return true;
  } catch {
    return false;
  }
}

test.describe('in a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('the company landing groups its buttons and honours the new and disabled flags', async ({ page, context }, testInfo) => {
    const norte = company('Circuito Norte');
    await page.goto(`/${norte.key}/landing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Circuito Norte');
    // Grouped by category: Reservas, Eventos, and the links without one.
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Reservas', 'Eventos', 'Más enlaces']);

    const copa = page.getByRole('link', { name: /Copa Norte Nocturna/ });
    await expect(copa.getByTestId('badge-new')).toHaveText('Nuevo');
    await expect(copa).toHaveAttribute('target', '_blank');
    await expect(copa).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('link', { name: /Reservar tanda/ }).getByTestId('badge-new')).toHaveCount(0);

    const disabled = page.getByRole('link', { name: /Bonos regalo/ });
    await expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await expect(disabled).not.toHaveAttribute('href', /.*/);
    // Clicking a disabled button opens nothing.
    let popups = 0;
    context.on('page', () => popups++);
    await disabled.click({ force: true });
    await page.waitForTimeout(300);
    expect(popups).toBe(0);

    // An enabled button opens its link in a new tab.
    const [popup] = await Promise.all([context.waitForEvent('page'), copa.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toMatch(/^\/event\//);
    await popup.close();

    await snapshot(page, testInfo, 'landing');
    expect(await seriousViolations(page, 'page')).toEqual([]);
  });
});

// These change Fjord Karting's events landing and landing buttons, which the event specs read: each runs
// on a demo server of its own.
ownServerTest.describe('in a Danish browser', () => {
  ownServerTest.use({ locale: 'da-DK' });

  ownServerTest('the events landing lists the events with their flags, WhatsApp and the newsletter', async ({ page, request, ownServer }, testInfo) => {
    const fjord = company('Fjord Karting', ownServer.state);
    const before = (await (await request.get(`/api/landing/${fjord.key}/events`)).json()) as {
      data: { events: { id: number; name: string; isNew: boolean }[]; whatsapp: string; newsletterUrl: string };
    };
    const [first, second] = before.data.events;
    expect(first.isNew).toBe(true);
    // Mark the second event's button disabled and take its link away, as an administrator could.
    const edited = second ? sql(ownServer.database, `UPDATE events SET landing_is_disabled = 1, landing_link = '' WHERE id = ${second.id};`) : false;

    await page.goto(`/${fjord.key}/landingEvents`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kommende løb');
    const firstButton = page.getByRole('link', { name: new RegExp(first.name) });
    await expect(firstButton.getByTestId('badge-new')).toHaveText('Ny');
    await expect(firstButton).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('whatsapp')).toHaveText(before.data.whatsapp);
    const newsletter = page.getByRole('link', { name: /Tilmeld dig nyhedsbrevet/ });
    await expect(newsletter).toHaveAttribute('href', before.data.newsletterUrl);
    await expect(newsletter).toHaveAttribute('rel', /noopener/);

    if (edited) {
      const secondButton = page.getByRole('link', { name: new RegExp(second.name) });
      await expect(secondButton).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByTestId('empty-link')).toHaveText('Tilmeldingen til dette løb er ikke åben endnu.');
    } else {
      testInfo.annotations.push({ type: 'skipped part', description: 'sqlite3 is not installed: the disabled event was not checked' });
    }
    await snapshot(page, testInfo, 'landing-events');
    expect(await seriousViolations(page, 'page')).toEqual([]);
  });

  ownServerTest('a company without landing buttons shows the no-landing warning', async ({ page, ownServer }, testInfo) => {
    const fjord = company('Fjord Karting', ownServer.state);
    // The company's landing buttons are removed for this check.
    ownServerTest.skip(!sql(ownServer.database, `DELETE FROM landing_buttons WHERE company_id = (SELECT id FROM companies WHERE public_key = '${fjord.key}');`), 'sqlite3 is not installed');
    await page.goto(`/${fjord.key}/landing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Denne virksomhed har ingen landingsside');
    await expect(page.getByRole('alert')).toContainText('Fjord Karting');
    await snapshot(page, testInfo, 'no-landing');
    expect(await seriousViolations(page, 'page')).toEqual([]);
  });
});

test('the landing pages fit a phone screen', async ({ page }) => {
  const norte = company('Circuito Norte');
  await page.setViewportSize({ width: 390, height: 800 });
  for (const path of [`/${norte.key}/landing`, `/${norte.key}/landingEvents`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
  }
});
