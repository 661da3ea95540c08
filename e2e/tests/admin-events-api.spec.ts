import { expect, request as requests, test, type APIRequestContext } from '@playwright/test';
import { demoAdmin, FJORD_ADMIN, SUPPORT, type LoginAnswer } from '../support/admin.ts';
import { circuitDay, company } from '../support/booking.ts';
import { DEMO } from '../support/state.ts';

// Sign-ins hash passwords (argon2id) and the pages load the calendar: generous on a busy machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Signs in through the API in a context of its own, as the back office's pages do: the session is the
 * HttpOnly cookie the context keeps (the answer's body has no token), and writes carry this site's Origin.
 */
async function signIn(baseURL: string, email: string): Promise<{ staff: APIRequestContext; fjord: number }> {
  const staff = await requests.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  const login = demoAdmin(email);
  const res = await staff.post('/api/users/adminLogin', { data: { email: login.email, password: login.password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  const body = (await res.json()) as LoginAnswer & { token?: string };
  expect(body.token, 'the session token stays in the HttpOnly cookie').toBeUndefined();
  const fjord = body.companies.find((c) => c.companyName === DEMO.fjord);
  if (!fjord) throw new Error(`${email} has no role at ${DEMO.fjord}`);
  return { staff, fjord: fjord.idCompany };
}

/** A create-event payload for Fjord Karting: a team event five days ahead (circuit time), on the landing, with a discount. */
function payload(idCompany: number, name: string, code: string) {
  const day = circuitDay(5);
  return {
    idCompany,
    event: { name, price: 300, idLocalProduct: `E2E-${code}`, maxStock: 12, teamEvent: true, dateIni: `${day} 18:00`, dateEnd: `${day} 21:00` },
    templateHtml: `<h2>${name}</h2><p>Three hours of team racing.</p><script>window.hacked = true</script>`,
    addToLandingPage: true,
    categorys: { title: 'Klasse', excluding: true, options: JSON.stringify([{ name: 'Senior', shortName: 'SR' }, { name: 'Junior', shortName: 'JR' }]) },
    discount: { code, price: 50, expirationDate: circuitDay(4), stock: 3 },
  };
}

test('an ADMIN is refused createFullEvent; a SUPERADMIN’s event is at once on the public pages and its discount works', async ({ page, request, baseURL }) => {
  const fjord = company(DEMO.fjord);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `E2E Holdløb ${stamp}`;
  const code = `HOLD${stamp}`;

  // Fjord Karting's own ADMIN: 403, and nothing was created.
  const admin = await signIn(baseURL!, FJORD_ADMIN);
  const refused = await admin.staff.post('/api/event/createFullEvent', { data: payload(admin.fjord, name, code) });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('SUPERADMIN'); // the role check refused it, not the origin check

  // The support account, SUPERADMIN of Fjord Karting: created, with the event's public address.
  const support = await signIn(baseURL!, SUPPORT);
  const made = await support.staff.post('/api/event/createFullEvent', { data: payload(support.fjord, name, code) });
  expect(made.status(), await made.text()).toBe(201);
  const { data } = (await made.json()) as { data: { url: string; key: string } };
  expect(new URL(data.url, 'http://x').pathname).toBe(`/event/${data.key}`);

  // The calendar call lists it (and only the SUPERADMIN's attempt made it: one event of that name).
  const calendar = (await (await request.get(`/api/event?idCompany=${support.fjord}&date=${circuitDay(0)}`)).json()) as {
    data: { name: string; key: string }[];
  };
  expect(calendar.data.filter((e) => e.name === name).map((e) => e.key)).toEqual([data.key]);

  // The event's page: its sanitised template (the script did not run) and the category to choose from.
  await page.goto(new URL(data.url, 'http://x').pathname);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();

  // The events landing and the events page show it at once.
  await page.goto(`/${fjord.key}/landingEvents`);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await page.goto(`/events/${fjord.key}`);
  await expect(page.getByTestId('upcoming-events').getByRole('button', { name: new RegExp(name) })).toBeVisible();

  // A team holds a place and its cart takes the discount code: 300.00 → 250.00.
  const config = (await (await request.get(`/api/config/${fjord.key}`)).json()) as { token: string };
  const held = await request.post(`/api/event/${data.key}/register`, { headers: { 'X-Visitor-Id': `e2e-team-${stamp}`.toLowerCase() } });
  expect(held.status(), await held.text()).toBe(200);
  const { data: registration } = (await held.json()) as { data: { tokenShoppingCart: string } };
  const discounted = await request.post('/api/booking/discount', {
    data: { token: registration.tokenShoppingCart, discount: code.toLowerCase() },
    headers: { Authorization: `Bearer ${config.token}` },
  });
  expect(discounted.status(), await discounted.text()).toBe(200);
  const cart = (await discounted.json()) as { data: { priceConverted: number; originalPriceConverted: number } };
  expect(cart.data).toMatchObject({ originalPriceConverted: 300, priceConverted: 250 });
  // Let the place go again, so other specs see the event's stock untouched.
  const cartDetails = (await (await request.get(`/api/payment/shopping-cart/${registration.tokenShoppingCart}`)).json()) as {
    data: { details: { prebookingIdentifier: string }[] };
  };
  for (const line of cartDetails.data.details) {
    const released = await request.delete(`/api/prebooking/${line.prebookingIdentifier}`, { data: { token: registration.tokenShoppingCart } });
    expect(released.status()).toBe(200);
  }
});
