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
  fullyParallel: true,
  workers: process.env.CI ? 1 : 2,
  // One retry in CI: a few long journeys time out now and then on the 2-core machine under load; a
  // retried test is reported as flaky by the list reporter, so flakes stay visible (docs: closing notes).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.PITLANE_E2E_BASE_URL,
    locale: 'en-GB',
    screenshot: 'on',
    trace: 'retain-on-failure',
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
