import { isValidPhoneNumber } from 'libphonenumber-js/min';

/**
 * The contact rules every customer form shares (customer spec sections 5 and 9): names, e-mail addresses
 * and phone numbers. The server checks them again (internal/checkout, internal/event).
 */

/** The shortest phone number, counting its characters. */
export const PHONE_MIN_LENGTH = 7;

/** The longest e-mail address. */
export const MAX_EMAIL_LENGTH = 254;

// Names: text, not blank, no slash and no character from U+1000 to U+FFFF (which also excludes emoji,
// written as surrogate pairs in that range).
const NAME_PATTERN = /^[^/\u1000-\uFFFF]+$/;

// A standard address: something without spaces or a slash, @, a domain with a dot and a top-level part of
// two characters or more.
const EMAIL_PATTERN = /^[^\s@/]+@[^\s@]+\.[^\s@]{2,}$/;

/** Whether a name follows the names rule (not blank, no slash, nothing from U+1000 to U+FFFF). */
export function isValidName(value: string): boolean {
  return value.trim() !== '' && NAME_PATTERN.test(value);
}

/** Whether an e-mail address has the standard pattern and at most MAX_EMAIL_LENGTH characters (spaces around aside). */
export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(trimmed);
}

/** Whether a phone number is valid: at least PHONE_MIN_LENGTH characters and a valid international number. */
export function isValidPhone(value: string | undefined | null): boolean {
  if (!value || value.length < PHONE_MIN_LENGTH) return false;
  try {
    return isValidPhoneNumber(value);
  } catch {
    return false;
  }
}

/** The e-mail is confirmed only when both addresses are valid and equal (case and spaces around aside). */
export function isEmailConfirmed(email: string, confirmation: string): boolean {
  return isValidEmail(email) && isValidEmail(confirmation) && email.trim().toLowerCase() === confirmation.trim().toLowerCase();
}
