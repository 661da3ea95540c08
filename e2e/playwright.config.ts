import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium; Playwright never downloads a browser here. */
const chromium = process.env.PITLANE_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}: run \`apt-get install -y chromium\` (or scripts/ensure-deps.sh)`);
}

/**
 * Browser tests against the real binary. global-setup.ts starts `pitlane serve --demo` on a free port and
 * a throwaway SQLite file, and publishes its URLs in the environment (PITLANE_E2E_BASE_URL among them),
 * which the worker processes inherit when they load this file again.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // Two workers, in CI too (a 2-core machine): no spec depends on another's order or changes what another
  // reads on the shared server; the specs that do change such things run on servers of their own
  // (support/own-server.ts). See README.md.
  fullyParallel: true,
  workers: 2,
  // One retry in CI; a retried test is reported as flaky by the list reporter, so flakes stay visible.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Ceilings, not schedules: every wait follows the app's state, and these only end a test that is stuck.
  // A busy 2-core machine (two browsers, the server, other jobs) can make a page take seconds to draw.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.PITLANE_E2E_BASE_URL,
    locale: 'en-GB',
    // Playwright's own screenshot only when a test fails; the screenshots the specs take themselves
    // (support/screenshot.ts: stage-N-… and the like) are kept as review artefacts.
    screenshot: 'only-on-failure',
    // A trace only when a failed test is retried (CI retries once). Recording one for every test, to keep
    // it on failure, cost about 45 % of the suite's CPU (screencast frames through the GPU process, the
    // browser and the worker): measured on four booking specs, 97 s of CPU with it, 54 s without.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
