import { test as base } from '@playwright/test';
import { startExtraServer, type ExtraServer } from './extra-server.ts';
import { markOwnServerTest } from './state.ts';

export { expect } from '@playwright/test';
export type { ExtraServer } from './extra-server.ts';

/**
 * `test` for a spec that changes what other specs read on the shared demo server (a company's settings,
 * its kiosk, its refund policy) or that reads what they change (today's sales): each test gets a demo server
 * of its own, a copy of the pristine database (support/extra-server.ts; a second or two to start), stopped
 * after the test. The test's `baseURL` is that server's, so `page.goto('/…')` and `request` go there; pass
 * `ownServer.state` wherever a helper takes a server state (company, demoAdmin, openAdmin, signInOn):
 * serverState(), the shared server's, throws during such a test.
 *
 * `test.use({ ownServerEnv: { PITLANE_HOLD_TTL: '5s' } })` starts the server with other settings.
 */
export const test = base.extend<{ ownServer: ExtraServer; ownServerEnv: Record<string, string> }>({
  ownServerEnv: [{}, { option: true }],
  ownServer: [
    async ({ ownServerEnv }, use, testInfo) => {
      const server = await startExtraServer(ownServerEnv);
      markOwnServerTest(testInfo.title);
      try {
        await use(server);
      } finally {
        markOwnServerTest(undefined);
        await server.stop();
      }
    },
    // Its own time, not the test's: starting a server on a busy machine is not what the test measures.
    { timeout: 330_000 },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.state.baseURL);
  },
});
