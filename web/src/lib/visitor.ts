/**
 * The visitor's random id for this browser session, sent as X-Visitor-Id: holding a session (booking) or
 * an event place again after a reload gets the same hold back instead of taking a second one, and one
 * visitor is one visitor across the booking and the event pages.
 */
export const VISITOR_STORAGE_KEY = 'pitlane.visitorId';

const VALID = /^[A-Za-z0-9_-]{8,64}$/;

let memoryVisitor: string | null = null;

/** Random bytes as lowercase hex (16 bytes: 32 characters). */
export function randomHex(bytes = 16): string {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The visitor id kept in session storage (created on first use); in memory when storage is disabled. */
export function visitorId(): string {
  try {
    const stored = sessionStorage.getItem(VISITOR_STORAGE_KEY);
    if (stored && VALID.test(stored)) return stored;
    const id = randomHex();
    sessionStorage.setItem(VISITOR_STORAGE_KEY, id);
    return id;
  } catch {
    memoryVisitor ??= randomHex();
    return memoryVisitor;
  }
}

/**
 * Takes over a visitor id given by the server (an event's waiting-list offer: the place held for the
 * entry belongs to that id), so the registration page finds the held place. Ignored when malformed.
 */
export function adoptVisitorId(id: string): void {
  if (!VALID.test(id)) return;
  try {
    sessionStorage.setItem(VISITOR_STORAGE_KEY, id);
  } catch {
    memoryVisitor = id;
  }
}
