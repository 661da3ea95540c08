import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { snapshot } from '../support/screenshot.ts';
import { company } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Whole journeys with axe checks: slow on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Payloads from the OWASP XSS filter evasion cheat sheet, each trying to set window.__xss or open a
 * dialog. They are written straight into the database, past the server's sanitising on write, so that
 * the page proves what reaches the browser (sanitised on read) runs nothing.
 */
const PAYLOADS = [
  `<script>window.__xss = 'script'</script>`,
  `<SCRIPT SRC=//xss.invalid/xss.js></SCRIPT>`,
  `<img src=x onerror="window.__xss='img-onerror'">`,
  `<IMG SRC="javascript:window.__xss='img-src'">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<svg onload="window.__xss='svg'"><circle r="1"/></svg>`,
  `<svg><script>alert(1)</script></svg>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<iframe src="javascript:window.__xss='iframe'"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss='srcdoc'</script>"></iframe>`,
  `<a id="xss-link" href="javascript:window.__xss='link'">Click me</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>`,
  `<details open ontoggle="window.__xss='details'"><summary>x</summary></details>`,
  `<input autofocus onfocus="window.__xss='input'">`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1);">`,
  `<base href="javascript:alert(1)//">`,
  `<link rel="stylesheet" href="javascript:alert(1);">`,
  `<style>@import 'javascript:alert(1)';</style>`,
  `<div style="background-image: url(javascript:alert('XSS'))">styled</div>`,
  `<div style="width: expression(alert('XSS'));">expr</div>`,
  `<video><source onerror="window.__xss='video'"></video>`,
  `<marquee onstart="window.__xss='marquee'">m</marquee>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss='math'">`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `"><script>alert(document.domain)</script>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<img src="x" onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">`,
  `{{constructor.constructor('window.__xss="template"')()}}`,
];

/** The e2e server's database (global setup puts it in PITLANE_E2E_TMP). */
function database(): string | null {
  const dir = process.env.PITLANE_E2E_TMP;
  return dir ? join(dir, 'e2e.db') : null;
}

/** Copies the Fjord Grand Prix event and its ticket under a new key, with the payloads as its template. */
function insertPayloadEvent(sourceKey: string): string | null {
  const db = database();
  if (!db) return null;
  const key = `xss-${randomBytes(8).toString('hex')}`;
  const template = `<h2>XSS test</h2>${PAYLOADS.map((p) => `<div class="payload">${p}</div>`).join('\n')}`.replaceAll("'", "''");
  const statements = `.timeout 10000
BEGIN;
INSERT INTO events (company_id, public_key, name, team, date_start, date_end, starts_at, ends_at, template_html, data,
  add_to_landing, landing_link, landing_is_new, landing_is_disabled, created_at, updated_at)
SELECT company_id, '${key}', 'XSS test event', team, date_start, date_end, starts_at, ends_at, '${template}', data,
  0, NULL, 0, 0, created_at, updated_at FROM events WHERE public_key = '${sourceKey}';
INSERT INTO products (company_id, kind, id_local, name, description, image, price_cents, is_active, max_stock,
  is_dynamic_price, data, category_id, variant_id, event_id, expiration_date, position, created_at, updated_at)
SELECT p.company_id, p.kind, 'XSS-1', p.name, p.description, p.image, p.price_cents, p.is_active, p.max_stock,
  p.is_dynamic_price, p.data, p.category_id, p.variant_id, (SELECT id FROM events WHERE public_key = '${key}'),
  p.expiration_date, p.position, p.created_at, p.updated_at
FROM products p JOIN events e ON e.id = p.event_id WHERE e.public_key = '${sourceKey}' AND p.deleted_at IS NULL;
COMMIT;
`;
  try {
    execFileSync('sqlite3', [db], { input: statements, stdio: ['pipe', 'pipe', 'pipe'] });
    return key;
  } catch {
    return null;
  }
}

test('an event page runs none of the OWASP XSS payloads in its template', async ({ page, request }, testInfo) => {
  const fjord = company(DEMO.fjord);
  const config = (await (await request.get(`/api/config/${fjord.key}`)).json()) as { idCompany: number };
  const { data } = (await (await request.get(`/api/event?idCompany=${config.idCompany}`)).json()) as {
    data: { name: string; key: string }[];
  };
  const source = data.find((e) => e.name === 'Fjord Grand Prix')!;
  const key = insertPayloadEvent(source.key);
  if (!key) {
    testInfo.annotations.push({ type: 'limited', description: 'sqlite3 is not installed: the demo event is checked instead of the payloads' });
  }

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const blockedRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('xss.invalid')) blockedRequests.push(r.url());
  });

  await page.goto(`/event/${key ?? source.key}`);
  const template = page.getByTestId('event-template');
  await expect(template).toBeVisible();
  if (key) await expect(template.getByRole('heading', { level: 2 })).toHaveText('XSS test');

  // Give every vector its chance: focus, toggles, image errors, media and the link.
  await page.waitForTimeout(1000);
  const link = template.locator('#xss-link');
  if ((await link.count()) > 0) await link.click({ noWaitAfter: true });
  await page.waitForTimeout(500);
  await snapshot(page, testInfo, 'xss');

  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(blockedRequests).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/event/${key ?? source.key}$`));

  // Nothing executable survives in the DOM of the template.
  const leftovers = await template.evaluate((root) => {
    const found: string[] = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const tag = el.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'style', 'form', 'input', 'svg', 'math'].includes(tag)) found.push(`<${tag}>`);
      for (const attr of el.attributes) {
        const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (attr.name.toLowerCase().startsWith('on')) found.push(`${tag}[${attr.name}]`);
        if (/^(javascript|data|vbscript):/.test(value)) found.push(`${tag}[${attr.name}=${attr.value}]`);
        if (attr.name === 'style' && /(expression|url\s*\()/i.test(attr.value)) found.push(`${tag}[style=${attr.value}]`);
        if (attr.name === 'srcdoc') found.push(`${tag}[srcdoc]`);
      }
    }
    return found;
  });
  expect(leftovers).toEqual([]);
});
