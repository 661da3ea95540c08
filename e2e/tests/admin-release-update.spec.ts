import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseSection, demoAdmin, expectSection, publicPageLink, sectionsNav, signInByApi, SUPPORT } from '../support/admin.ts';
import { PRISTINE_ENV } from '../support/extra-server.ts';
import { snapshot } from '../support/screenshot.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { StartupOutput } from '../support/startup-output.ts';
import { DEMO, type ServerState } from '../support/state.ts';

// A release reaching an open back office (issue 25; admin spec section 4: activate, clear caches, reload).
//
// The release is what a deployment does: the server stops and a new one starts at the same address on the
// same database, serving another build of the front end. The first server is the binary under test with
// its embedded build; the second is the same binary serving a second build of the web app (built here,
// named with VITE_PITLANE_BUILD so that its file names differ) from a directory (PITLANE_WEB_DIR). No
// second binary, and nothing of the shared demo server is touched.

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..', '..', 'web');
const RELEASE = 'e2e-release-b';

/** Builds the web app into `outDir` as the release to deploy, named RELEASE. */
function buildRelease(outDir: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(webDir, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: webDir,
      env: { ...process.env, VITE_PITLANE_BUILD: RELEASE },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => void (log += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => void (log += chunk.toString('utf8')));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}\n${log}`))));
  });
}

/** Which build a back-office page runs: its `<html data-build>` (unset in an unnamed build) and its entry script. */
async function buildOf(page: Page): Promise<{ name: string | undefined; entry: string | undefined }> {
  return page.evaluate(() => ({
    name: document.documentElement.dataset.build,
    entry: [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => new URL(s.src).pathname).find((p) => /\/assets\/admin-[\w-]+\.js$/.test(p)),
  }));
}

/** Clicks a section's label when the click reloads the page (chooseSection would check the switch after it). */
async function clickSection(page: Page, name: string): Promise<void> {
  await sectionsNav(page).locator('label').filter({ hasText: new RegExp(`^${name}$`) }).click();
}

/** A signed-in back office on Fjord Karting (the support account's second company, not its first). */
async function openBackOffice(browser: Browser, state: ServerState): Promise<Page> {
  const context = await browser.newContext({ baseURL: state.baseURL });
  const page = await context.newPage();
  await signInByApi(page, demoAdmin(SUPPORT, state), DEMO.fjord);
  await expectSection(page, 'Today');
  return page;
}

test.describe('a release reaches an open back office', () => {
  test.describe.configure({ timeout: 300_000 });

  let release = '';
  let dbDir = '';
  let server: ServerProcess | undefined;

  test.beforeAll(async () => {
    release = mkdtempSync(join(tmpdir(), 'pitlane-e2e-release-web-'));
    await buildRelease(release);
    expect(readFileSync(join(release, 'sw.js'), 'utf8'), 'the release carries the back office in its worker').toMatch(/\/\/ back office [0-9a-f]{16}/);
  });

  test.afterAll(async () => {
    await server?.stop();
    if (release) rmSync(release, { recursive: true, force: true });
    if (dbDir) rmSync(dbDir, { recursive: true, force: true });
  });

  test('the next section switch runs the new version, still signed in on the same company; a page whose chunk is gone recovers', async ({ browser }, testInfo) => {
    // The running release: the binary with its embedded build, on a database of this test's own (a copy of
    // the pristine demo when there is one), so that the next release finds it.
    dbDir = mkdtempSync(join(tmpdir(), 'pitlane-e2e-release-db-'));
    const database = join(dbDir, 'release.db');
    const pristine = process.env[PRISTINE_ENV];
    if (pristine && existsSync(pristine)) copyFileSync(pristine, database);
    const output = new StartupOutput();
    server = await startServerProcess(
      ['serve', '--demo'],
      'pitlane-e2e-release-a-',
      () => ({ PITLANE_DATABASE_URL: `sqlite:${database}`, PITLANE_TRUSTED_PROXIES: '127.0.0.1/32' }),
      (chunk, done) => {
        if (output.push(chunk)) done();
      },
      300_000,
    );
    const state = output.result();

    // A staff member works in the back office. Its service worker (the customer app's, scope /) takes control.
    const page = await openBackOffice(browser, state);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);
    const before = await buildOf(page);
    expect(before.name).not.toBe(RELEASE);
    expect(before.entry).toBeTruthy();
    // Bookings visited once: its code is loaded in the page, as after any morning's work.
    await chooseSection(page, 'Bookings');
    await chooseSection(page, 'Today');

    // A second staff member's page, which has not opened Billing yet: its chunk is of the old build.
    const other = await openBackOffice(browser, state);
    const missing: string[] = [];
    other.on('response', (response) => {
      if (response.status() === 404 && /\/assets\/.+\.js$/.test(response.url())) missing.push(new URL(response.url()).pathname);
    });

    // The release: the server stops; the next starts at the same address, on the same database, with the new build.
    await server.stop();
    server = undefined;
    const address = new URL(state.baseURL).host;
    server = await startServerProcess(
      ['serve'],
      'pitlane-e2e-release-b-',
      () => ({ PITLANE_ADDR: address, PITLANE_DATABASE_URL: `sqlite:${database}`, PITLANE_TRUSTED_PROXIES: '127.0.0.1/32', PITLANE_WEB_DIR: release }),
      (chunk, done) => {
        if (/^Pitlane is ready at /m.test(chunk)) done();
      },
      300_000,
    );

    // The first page moves to a section it has already loaded: the move asks for a new version, whose worker
    // activates; the page says so and, with nothing unsaved, does not reload under the staff member's feet.
    await chooseSection(page, 'Bookings');
    const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(notice).toBeVisible({ timeout: 60_000 });
    await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect((await buildOf(page)).name).toBe(before.name);
    await snapshot(page, testInfo, 'new-version-ready');

    // The next move reloads into the new version, on the section chosen: still signed in, on the same company.
    await clickSection(page, 'KPIs');
    await expect.poll(async () => (await buildOf(page).catch(() => undefined))?.name, { timeout: 60_000 }).toBe(RELEASE);
    const after = await buildOf(page);
    expect(after.entry).not.toBe(before.entry);
    await expect(publicPageLink(page, DEMO.fjord)).toBeVisible();
    await expectSection(page, 'KPIs');
    await expect(notice).toBeHidden();
    // It came by the release handling, not by a chunk that failed to load.
    expect(await page.evaluate(() => sessionStorage.getItem('pitlane.admin.chunkReload'))).toBeNull();

    // The second page opens Billing, whose chunk of the old build is gone: it reloads once into the new
    // build (admin/lib/chunk-reload.ts) instead of showing an error.
    await clickSection(other, 'Billing');
    await expect.poll(async () => (await buildOf(other).catch(() => undefined))?.name, { timeout: 60_000 }).toBe(RELEASE);
    expect(missing.some((path) => /\/assets\/BillingSection-/.test(path)), `the old Billing chunk answered 404 (missing: ${missing.join(', ')})`).toBe(true);
    await expect(publicPageLink(other, DEMO.fjord)).toBeVisible();
    await expect(other.getByRole('heading', { name: 'The back office was updated' })).toBeHidden();
    await chooseSection(other, 'Billing');
    await expectSection(other, 'Billing');

    await page.context().close();
    await other.context().close();
  });
});
