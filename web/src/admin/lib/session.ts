import type { components } from '@/lib/api/schema';

/**
 * What the back office keeps in localStorage about the signed-in user (admin spec sections 3 and 4). The
 * session token itself is an HttpOnly cookie the page cannot read: these entries say that a sign-in
 * happened on this browser (the pages confirm it with the server) and which companies it opened.
 *   pitlane.staff.companies: JSON array of "id:name:role" triples, in the login answer's order;
 *   pitlane.staff.company:   the current company's id (the first one after a sign-in);
 *   pitlane.staff.user:      the user's name (the user menu's initials).
 */
export const COMPANIES_KEY = 'pitlane.staff.companies';
export const COMPANY_KEY = 'pitlane.staff.company';
export const USER_KEY = 'pitlane.staff.user';

/** A company the user may manage, with their role there. */
export type StaffCompany = components['schemas']['StaffCompany'];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: nothing is remembered
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage disabled or full: the choice lasts until the page is reloaded
  }
}

/** Encodes a company as its "id:name:role" triple. */
export function encodeCompany(c: StaffCompany): string {
  return `${c.idCompany}:${c.companyName}:${c.role}`;
}

/** Decodes an "id:name:role" triple (the name may itself hold ':'); undefined when malformed. */
export function decodeCompany(triple: string): StaffCompany | undefined {
  const first = triple.indexOf(':');
  const last = triple.lastIndexOf(':');
  if (first <= 0 || last <= first) return undefined;
  const idCompany = Number(triple.slice(0, first));
  const role = triple.slice(last + 1);
  if (!Number.isInteger(idCompany) || idCompany < 1 || (role !== 'DESK' && role !== 'ADMIN' && role !== 'SUPERADMIN')) return undefined;
  return { idCompany, companyName: triple.slice(first + 1, last), role };
}

/** Keeps a successful sign-in: the companies, the first one as current, the user's name. */
export function saveSignIn(companies: StaffCompany[], userName: string): void {
  write(COMPANIES_KEY, JSON.stringify(companies.map(encodeCompany)));
  if (companies[0]) write(COMPANY_KEY, String(companies[0].idCompany));
  write(USER_KEY, userName);
}

/** Replaces the stored companies (from GET /api/users/me), keeping the current one when still listed. */
export function refreshCompanies(companies: StaffCompany[], userName: string): void {
  const current = currentCompanyId();
  write(COMPANIES_KEY, JSON.stringify(companies.map(encodeCompany)));
  write(USER_KEY, userName);
  if (!companies.some((c) => c.idCompany === current) && companies[0]) write(COMPANY_KEY, String(companies[0].idCompany));
}

/** The stored companies, empty when none (never signed in here, signed out, or unreadable). */
export function storedCompanies(): StaffCompany[] {
  try {
    const parsed: unknown = JSON.parse(read(COMPANIES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((t) => (typeof t === 'string' ? (decodeCompany(t) ?? []) : []));
  } catch {
    return [];
  }
}

/** The current company's id: the stored choice when it is one of the stored companies, else the first. */
export function currentCompanyId(): number | undefined {
  const companies = storedCompanies();
  const chosen = Number(read(COMPANY_KEY));
  return companies.find((c) => c.idCompany === chosen)?.idCompany ?? companies[0]?.idCompany;
}

/** Makes a company the current one. */
export function chooseCompany(idCompany: number): void {
  write(COMPANY_KEY, String(idCompany));
}

/** Stores the user's name after they change it in My account, so the initials follow at once. */
export function saveUserName(userName: string): void {
  write(USER_KEY, userName);
}

/** The stored user name ('' when unknown). */
export function storedUserName(): string {
  return read(USER_KEY) ?? '';
}

/** Whether this browser holds a sign-in (the server still has the last word: GET /api/users/me). */
export function hasStoredSession(): boolean {
  return storedCompanies().length > 0;
}

/** Forgets the sign-in: companies, current company and user name (sign-out, or the session ended). */
export function clearSession(): void {
  for (const key of [COMPANIES_KEY, COMPANY_KEY, USER_KEY]) {
    try {
      localStorage.removeItem(key);
    } catch {
      // storage disabled: nothing was stored
    }
  }
}
