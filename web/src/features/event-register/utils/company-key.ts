/**
 * Where the registration page finds the public key of the event's company, whose configuration holds
 * the company token that POST /api/event/saveEvent needs.
 *
 * GET /api/event/{key} names the company only by id, so the key comes from: the event answer itself
 * when the server sends `companyKey` (asked for; not in docs/openapi.yaml yet), the `?company=` query
 * the company's own pages add to their links, or the company last visited in this browser session
 * (`pitlane.companyKey`, written by the company pages).
 */
export const LAST_COMPANY_STORAGE_KEY = 'pitlane.companyKey';

const MAX_KEY_LENGTH = 200;

function valid(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH;
}

function lastCompanyKey(): string | null {
  try {
    const key = sessionStorage.getItem(LAST_COMPANY_STORAGE_KEY);
    return valid(key) ? key : null;
  } catch {
    return null; // storage disabled
  }
}

/** The company key for an event page: the server's, the query's, else the last company visited. */
export function resolveCompanyKey(event: object, query: URLSearchParams): string | null {
  const fromServer = (event as { companyKey?: unknown }).companyKey;
  if (valid(fromServer)) return fromServer;
  const fromQuery = query.get('company');
  if (valid(fromQuery)) return fromQuery;
  return lastCompanyKey();
}
