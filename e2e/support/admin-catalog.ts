import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { demoAdmin, SUPPORT } from './admin.ts';

/** A staff session's bearer token and the id of the company it works on. */
export interface Staff {
  headers: { Authorization: string };
  idCompany: number;
}

/** Signs the demo support account in through the API and picks the company by name. */
export async function staffFor(request: APIRequestContext, companyName: string): Promise<Staff> {
  const login = demoAdmin(SUPPORT);
  const answer = await request.post('/api/users/adminLogin', { data: { email: login.email, password: login.password } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { companies: { idCompany: number; companyName: string }[] };
  const company = body.companies.find((c) => c.companyName === companyName);
  if (!company) throw new Error(`the support account has no company ${companyName}`);
  // The session token is only in the HttpOnly cookie the answer sets; this program-like caller sends it
  // as a bearer, as the catalogue calls were written.
  const cookie = answer.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && /pitlane_staff=/.test(h.value));
  const token = cookie?.value.match(/pitlane_staff=([^;]+)/)?.[1];
  if (!token) throw new Error('the sign-in set no session cookie');
  return { headers: { Authorization: `Bearer ${token}` }, idCompany: company.idCompany };
}

/** A product of the catalogue as the staff API answers it. */
export interface StaffProduct {
  id: number;
  name: string;
  price: number;
  image: string | null;
  idVariant: number | null;
  productIds: number[] | null;
}

/** Sends a staff catalogue call and returns its JSON, expecting `status`. */
export async function staffCall<T>(request: APIRequestContext, staff: Staff, method: 'post' | 'put' | 'delete', path: string, data: Record<string, unknown>, status: number): Promise<T> {
  const answer = await request[method](path, { headers: staff.headers, data: { idCompany: staff.idCompany, ...data } });
  expect(answer.status(), `${method.toUpperCase()} ${path}: ${await answer.text()}`).toBe(status);
  return (await answer.json()) as T;
}

/** A variant the company's public products are raced on (new products need one to have sessions). */
export async function variantOf(request: APIRequestContext, idCompany: number): Promise<number> {
  const { productsBooking } = await (await request.get(`/api/product?idCompany=${idCompany}`)).json();
  const product = productsBooking.find((p: { variant: { idVariant: number } | null; products: unknown }) => p.variant && !p.products);
  expect(product, 'a product with a variant').toBeDefined();
  return product.variant.idVariant;
}

/** Creates a product new to this run (so other specs' products are untouched) and returns it. */
export async function newProduct(request: APIRequestContext, staff: Staff, name: string, price: string, extra: Record<string, unknown> = {}): Promise<StaffProduct> {
  const idVariant = await variantOf(request, staff.idCompany);
  return staffCall<StaffProduct>(request, staff, 'post', '/api/product/createProduct', {
    name, idLocal: `E2E-${name}`.slice(0, 50), price, isActive: 1, maxStock: null, idVariant, data: '', ...extra,
  }, 201);
}

/** A name no other run used. */
export function runName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A w×h RGB PNG of one colour, written here so the test needs no image library. */
export function solidPng(w: number, h: number, [r, g, b]: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The first day from `from` days ahead (in the circuits' calendar) that is a Saturday. */
export function saturdayFrom(days: (offset: number) => string, from: number): string {
  for (let offset = from; offset < from + 7; offset++) {
    const day = days(offset);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 6) return day;
  }
  throw new Error('no Saturday in a week');
}
