import { isolate } from '@/lib/format';

/**
 * A booking's short reference as shown (ABCD-2345), or an em dash for a booking without one (none is left
 * after the start-up backfill, migration 00013). The 32-character identifier is never shown in its place:
 * it is internal, and only the details show it, small.
 */
export function shownReference(row: { reference?: string }): string {
  return row.reference || '—';
}

/** The name a booking's actions and dialogs use: its reference, or its identifier when it has none. */
export function bookingName(row: { reference?: string; bookingIdentifier: string }): string {
  return row.reference || row.bookingIdentifier;
}

/**
 * A reference (or identifier) put into a sentence: in a right-to-left language wrapped in Unicode
 * isolates, so "UE9B-KTGR" reads the same inside Arabic text; left to right as it is.
 */
export function inSentence(name: string, dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? isolate(name) : name;
}
