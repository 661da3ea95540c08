/**
 * The visitor's random id for this browser session, sent as X-Visitor-Id so that reloading the
 * registration page gets the same held place back instead of taking a second one. The booking wizard
 * keeps the same id under the same session-storage key, so one visitor is one visitor across both.
 */
export const VISITOR_STORAGE_KEY = 'pitlane.visitorId';

const VALID = /^[A-Za-z0-9_-]{8,64}$/;

let memoryVisitor: string | null = null;

function randomId(): string {
  const values = new Uint8Array(16);
  crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The visitor id kept in session storage (created on first use); in memory when storage is disabled. */
export function visitorId(): string {
  try {
    const stored = sessionStorage.getItem(VISITOR_STORAGE_KEY);
    if (stored && VALID.test(stored)) return stored;
    const id = randomId();
    sessionStorage.setItem(VISITOR_STORAGE_KEY, id);
    return id;
  } catch {
    memoryVisitor ??= randomId();
    return memoryVisitor;
  }
}
