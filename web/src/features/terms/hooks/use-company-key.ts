import { useSearchParams } from 'react-router';

/** The session-storage key under which the booking page keeps the public key of the company last visited. */
export const LAST_COMPANY_STORAGE_KEY = 'pitlane.companyKey';

/** The longest public key the API accepts. */
const MAX_KEY_LENGTH = 200;

function valid(key: string | null | undefined): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH;
}

/** The company last visited in this browser session, if the booking page recorded one. */
export function lastCompanyKey(): string | null {
  try {
    const key = sessionStorage.getItem(LAST_COMPANY_STORAGE_KEY);
    return valid(key) ? key : null;
  } catch {
    return null; // storage disabled
  }
}

/** The company the page is about: `?company=<publicKey>`, else the company last visited, else null. */
export function useCompanyKey(): string | null {
  const [params] = useSearchParams();
  const fromQuery = params.get('company');
  return valid(fromQuery) ? fromQuery : lastCompanyKey();
}
