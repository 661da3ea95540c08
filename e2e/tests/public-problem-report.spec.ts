import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/booking.ts';
import { snapshot } from '../support/screenshot.ts';
import { firstCompany } from '../support/state.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('pitlane.culture', 'en-GB'));
});

test('a visitor reports a problem from the footer, solving the ALTCHA captcha under the page’s CSP', async ({ page }, testInfo) => {
  test.setTimeout(90_000); // the proof of work and an axe run on a large page
  const scripts: string[] = [];
  const cspErrors: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
  page.on('console', (m) => void (m.type() === 'error' && /Content Security Policy/i.test(m.text()) && cspErrors.push(m.text())));

  const company = firstCompany();
  await page.goto(company.url);
  const open = page.getByRole('contentinfo').getByRole('button', { name: 'Report a problem' });
  await expect(open).toBeVisible();
  // Neither the dialog nor the captcha widget is part of the page's first download.
  expect(scripts.filter((s) => /ProblemReportDialog|AltchaField/.test(s))).toEqual([]);

  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('The calendar');
  const text = dialog.getByRole('textbox', { name: 'What happened?' });
  await text.fill('The calendar did not show next week.');
  await expect(dialog.getByText('36/500 characters')).toBeVisible();

  // The reply address: enabled by the checkbox, a warning while invalid, a tick once valid.
  const email = dialog.getByRole('textbox', { name: 'Your e-mail' });
  await expect(email).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I would like an answer by e-mail' }).check();
  await email.fill('ana@example');
  await expect(dialog.getByText('This email is not valid')).toBeVisible();
  await email.fill('ana@example.com');
  await expect(dialog.getByRole('img', { name: 'Valid e-mail address' })).toBeVisible();

  // Over 500 characters the report cannot be sent.
  const send = dialog.getByRole('button', { name: 'Send report' });
  await text.fill('x'.repeat(501));
  await expect(send).toBeDisabled();
  await text.fill('The calendar did not show next week.');
  await expect(send).toBeEnabled();

  // The widget solves the proof of work itself once its box is ticked.
  await dialog.getByText("I'm not a robot").click();
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await snapshot(page, testInfo, 'problem-report-dialog');
  expect(await seriousViolations(page, 'page')).toEqual([]);

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/emails/sendProblemReport'));
  await send.click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByText('Thank you! Your report has been sent.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(cspErrors).toEqual([]);

  // Opened again, the form is empty.
  await open.click();
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await snapshot(page, testInfo, 'problem-report-reset');
});

test('the problem report fills a phone screen without sideways scrolling', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(firstCompany().url);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog.getByText("I'm not a robot")).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await snapshot(page, testInfo, 'problem-report-phone');
});
