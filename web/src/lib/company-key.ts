import { useSearchParams } from 'react-router';

/**
 * Where the pages find the public key of the company a visitor is dealing with. The booking page (and
 * every other company page: landing, events calendar) remembers the key of the company it loaded for the
 * browser session; pages reached without a company in their path (/success, /terms, the event pages) take
 * `?company=<publicKey>` when their link carries it, else the company remembered.
 */
export const COMPANY_KEY_STORAGE_KEY = 'pitlane.companyKey';

/** The longest public key the API accepts (docs/openapi.yaml); anything longer cannot exist. */
export const MAX_COMPANY_KEY_LENGTH = 200;

/** Whether a value can be a company's public key: a non-empty string of at most MAX_COMPANY_KEY_LENGTH characters. */
export function isCompanyKey(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= MAX_COMPANY_KEY_LENGTH;
}

/** Remembers the company for this browser session (nothing happens when storage is disabled or the key is not one). */
export function rememberCompanyKey(key: string): void {
  if (!isCompanyKey(key)) return;
  try {
    sessionStorage.setItem(COMPANY_KEY_STORAGE_KEY, key);
  } catch {
    // storage disabled: the pages' links carry the company where they can
  }
}

/** The company remembered in this browser session, or null. */
export function lastCompanyKey(): string | null {
  try {
    const key = sessionStorage.getItem(COMPANY_KEY_STORAGE_KEY);
    return isCompanyKey(key) ? key : null;
  } catch {
    return null; // storage disabled
  }
}

/** The first candidate that is a company key (say the server's, then the query's), else the company remembered. */
export function resolveCompanyKey(...candidates: unknown[]): string | null {
  return candidates.find(isCompanyKey) ?? lastCompanyKey();
}

/** The company a page without a company in its path is about: `?company=<publicKey>`, else the company remembered. */
export function useCompanyKey(): string | null {
  const [params] = useSearchParams();
  return resolveCompanyKey(params.get('company'));
}
