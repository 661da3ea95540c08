import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoAdmin, loginForm, SUPPORT } from '../support/admin.ts';
import { company } from '../support/booking.ts';
import { ownClientAddress } from '../support/client-address.ts';
import { DEMO } from '../support/state.ts';

// Error intake (issue 17): a page's failed call or uncaught error ends, through POST /api/client-errors,
// in a structured `client error` line of the server's log and in pitlane_client_errors_total on /metrics
// (served on the main address to loopback clients, which the test process is). Each test sends from an
// address of its own (X-Forwarded-For), so the intake's per-client rate limit is not shared with the run.
test.use(ownClientAddress);
// A report crosses the page, a beacon, the server and a scrape: generous limits for a loaded machine.
test.describe.configure({ timeout: 90_000 });
const REPORTED_WITHIN = { timeout: 30_000 };

/** pitlane_client_errors_total{app,kind} as /metrics says now (0 before the first report). */
async function clientErrors(request: APIRequestContext, app: string, kind: string): Promise<number> {
  const res = await request.get('/metrics');
  expect(res.status()).toBe(200);
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`pitlane_client_errors_total{app="${app}",kind="${kind}"} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** The server log's `client error` lines so far. */
function clientErrorLines(): string[] {
  const file = process.env.PITLANE_E2E_LOG;
  if (!file) throw new Error('PITLANE_E2E_LOG is not set: run the tests with `npx playwright test`');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('msg="client error"'));
}

/** Waits (generously: a slow machine) until a `client error` line holds every one of `parts`. */
async function expectLogLine(parts: string[]): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        found = clientErrorLines().find((l) => parts.every((p) => l.includes(p))) ?? '';
        return found;
      },
      { ...REPORTED_WITHIN, message: `a client error log line with ${parts.join(', ')}` },
    )
    .not.toBe('');
  return found;
}

/** Serves every call to `glob` with a 500, as a failing server would. */
async function failCalls(page: Page, glob: string, status = 500): Promise<void> {
  await page.route(glob, (route) => route.fulfill({ status, contentType: 'application/json', body: '{"code":"internal","message":"Internal error."}' }));
}

test.describe('customer app', () => {
  test("a booking page whose products call fails is reported: log line and the customer's counter", async ({ page, request }) => {
    const before = await clientErrors(request, 'customer', 'api');
    const fjord = company(DEMO.fjord);
    await failCalls(page, '**/api/product?*');
    await page.goto(`/${fjord.key}`);

    await expect.poll(() => clientErrors(request, 'customer', 'api'), REPORTED_WITHIN).toBeGreaterThan(before);
    await expectLogLine(['app=customer', 'kind=api', 'call="GET /api/product"', 'status=500', `page=/${fjord.key}`]);
  });

  test('a failed call on a cancellation page is reported without the token in the page or the call', async ({ page, request }) => {
    const token = `e2eSecretToken${Date.now()}Abcdefgh`;
    const before = await clientErrors(request, 'customer', 'api');
    await failCalls(page, '**/api/booking/cancel/**', 503);
    await page.goto(`/cancelBooking/${token}`);

    await expect.poll(() => clientErrors(request, 'customer', 'api'), REPORTED_WITHIN).toBeGreaterThan(before);
    const line = await expectLogLine(['app=customer', 'status=503', 'GET /api/booking/cancel/{cancelToken}']);
    expect(line).toMatch(/page="?\/cancelBooking\/…/);
    expect(clientErrorLines().join('\n')).not.toContain(token);
  });

  test('an uncaught error of a customer page is reported', async ({ page, request }) => {
    const before = await clientErrors(request, 'customer', 'uncaught');
    await page.goto(`/${company(DEMO.norte).key}`);
    const marker = `e2e-uncaught-${Date.now()}`;
    await page.evaluate((m) => setTimeout(() => {
      throw new Error(m);
    }), marker);

    await expect.poll(() => clientErrors(request, 'customer', 'uncaught'), REPORTED_WITHIN).toBeGreaterThan(before);
    await expectLogLine(['app=customer', 'kind=uncaught', marker]);
  });
});

test.describe('staff app', () => {
  test("a sign-in whose call fails with a server error is reported: log line and the admin's counter", async ({ page, request }) => {
    const before = await clientErrors(request, 'admin', 'api');
    await failCalls(page, '**/api/users/adminLogin', 502);
    await page.goto('/login');
    const form = loginForm(page);
    const login = demoAdmin(SUPPORT);
    await form.email.fill(login.email);
    await form.password.fill(login.password);
    await form.submit.click();

    await expect.poll(() => clientErrors(request, 'admin', 'api'), REPORTED_WITHIN).toBeGreaterThan(before);
    const line = await expectLogLine(['app=admin', 'kind=api', 'call="POST /api/users/adminLogin"', 'status=502', 'page=/login']);
    expect(line).not.toContain(login.password);
  });

  test('a refused sign-in (a 401 the page handles) is not reported', async ({ page, request }) => {
    await page.goto('/login');
    const form = loginForm(page);
    // An account that does not exist: the demo accounts' sign-in throttle is left alone.
    await form.email.fill(`nobody-${Date.now()}@pitlane.example`);
    await form.password.fill('not-the-password');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/users/adminLogin'));
    await form.submit.click();
    expect((await answered).status()).toBe(401);
    // An uncaught error afterwards is reported, which proves the page's reporter was running.
    const beforeUncaught = await clientErrors(request, 'admin', 'uncaught');
    const marker = `e2e-admin-uncaught-${Date.now()}`;
    await page.evaluate((m) => setTimeout(() => {
      throw new Error(m);
    }), marker);
    await expect.poll(() => clientErrors(request, 'admin', 'uncaught'), REPORTED_WITHIN).toBeGreaterThan(beforeUncaught);
    await expectLogLine(['app=admin', 'kind=uncaught', marker]);
    // The 401 would have been reported before the uncaught error, whose line is there now: none for it.
    expect(clientErrorLines().some((l) => l.includes('POST /api/users/adminLogin') && l.includes('status=401'))).toBe(false);
  });
});
