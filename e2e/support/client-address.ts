import { createHash } from 'node:crypto';
import type { TestInfo } from '@playwright/test';

/**
 * A made-up client address for one test (and retry), in the benchmarking range 198.18.0.0/15, to send as
 * X-Forwarded-For. The e2e server trusts 127.0.0.1 as a proxy (PITLANE_TRUSTED_PROXIES in global-setup.ts),
 * so it keys its per-client rate limits by this address: the specs that call the strict routes (cancel
 * tokens, 10 a minute per client) each get their own budget instead of sharing 127.0.0.1 with the whole run.
 * Requests without the header are still keyed by 127.0.0.1, as before.
 */
export function clientAddress(testInfo: TestInfo): string {
  const h = createHash('sha256').update(`${testInfo.testId}#${testInfo.retry}#${testInfo.repeatEachIndex}`).digest();
  return `198.${18 + (h[0] & 1)}.${h[1]}.${1 + (h[2] % 254)}`;
}

/**
 * For `test.use(ownClientAddress)`: every request of the test (the page's own, `request`, `page.request`)
 * carries X-Forwarded-For with the test's own address.
 */
export const ownClientAddress = {
  extraHTTPHeaders: async ({}, use: (headers: Record<string, string>) => Promise<void>, testInfo: TestInfo) => {
    await use({ 'X-Forwarded-For': clientAddress(testInfo) });
  },
};
