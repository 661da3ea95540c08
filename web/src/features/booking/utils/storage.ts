/** Session-storage helpers for the booking wizard. Storage may be disabled: every call then degrades quietly. */

const VISITOR_KEY = 'pitlane.visitorId';

function randomId(bytes = 16): string {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A new random key (32 hex characters), e.g. for an Idempotency-Key header. */
export function randomKey(): string {
  return randomId(16);
}

/** A random code of letters and digits, e.g. the pack code sent as packAssociated. */
export function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const values = new Uint8Array(length);
  crypto.getRandomValues(values);
  return Array.from(values, (b) => alphabet[b % alphabet.length]).join('');
}

let memoryVisitor: string | null = null;

/** The visitor's random id for this browser session (X-Visitor-Id), kept in session storage. */
export function visitorId(): string {
  try {
    const stored = sessionStorage.getItem(VISITOR_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const id = randomId(16);
    sessionStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    memoryVisitor ??= randomId(16);
    return memoryVisitor;
  }
}

/** Reads a JSON value from session storage; undefined when absent, malformed or storage is off. */
export function readSession<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Writes a JSON value to session storage (or removes it for undefined). */
export function writeSession(key: string, value: unknown): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage disabled or full: the wizard still works until the page is reloaded
  }
}
