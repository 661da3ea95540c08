/** Session-storage helpers for the booking wizard. Storage may be disabled: every call then degrades quietly. */
import { randomHex } from '@/lib/visitor';

/** A new random key (32 hex characters), e.g. for an Idempotency-Key header. */
export function randomKey(): string {
  return randomHex(16);
}

/** A random code of letters and digits, e.g. the pack code sent as packAssociated. */
export function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const values = new Uint8Array(length);
  crypto.getRandomValues(values);
  return Array.from(values, (b) => alphabet[b % alphabet.length]).join('');
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

/** The session-storage key of a company's booking wizard state (its public key). */
export function wizardStorageKey(companyKey: string): string {
  return `pitlane.booking.${companyKey}`;
}
