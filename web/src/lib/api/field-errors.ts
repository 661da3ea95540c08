import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api/errors';

/**
 * What is wrong with a field, as the server says it in a 422 answer's `fields` (internal/checkout and
 * internal/event name each field as in the request and describe the problem in English: "required", "must
 * be a valid e-mail address" …). The pages translate the problem, never show the server's English.
 */
export type FieldProblem =
  | 'required'
  | 'invalidName'
  | 'tooLong'
  | 'invalidPhone'
  | 'invalidEmail'
  | 'emailsDiffer'
  | 'invalidDate'
  | 'repeatedEmails'
  | 'invalidField';

// The server's wording of each problem (internal/checkout/validate.go, drivers.go; internal/event/rules.go),
// most specific first.
const PATTERNS: [RegExp, FieldProblem][] = [
  [/^repeatedEmails/i, 'repeatedEmails'],
  [/must equal the e-?mail/i, 'emailsDiffer'],
  [/e-?mail/i, 'invalidEmail'],
  [/phone/i, 'invalidPhone'],
  [/^invalid date/i, 'invalidDate'],
  [/^required/i, 'required'],
  [/at most \d+ characters|too long/i, 'tooLong'],
  [/must be text|slash|characters that are not allowed/i, 'invalidName'],
];

/** The problem a server's field message describes; `invalidField` when it is none of the known ones. */
export function fieldProblem(message: string): FieldProblem {
  return PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? 'invalidField';
}

/** The field errors of a failed call (a 422 answer, say), or null when it has none. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  return Object.keys(error.fields).length > 0 ? error.fields : null;
}

/** A server field error placed on a form field. */
export interface FieldError<N extends string> {
  /** The form field. */
  name: N;
  /** The key of the translated message (by default the problem itself). */
  message: string;
  /** The values the translated message reads (a bound, a date …), when it needs any. */
  values?: Record<string, string | number>;
  /** The field as the server named it (its path in the request), when it came from the server. */
  serverField?: string;
}

/** The message of a field error: its key, or its key with the values it reads. */
export type FieldMessage = string | { message: string; values?: Record<string, string | number> };

/** The server's field errors split into those a form can show and the names of those it cannot. */
export interface MappedFieldErrors<N extends string> {
  mapped: FieldError<N>[];
  unmapped: string[];
}

/**
 * Places the server's field errors on a form: `fieldOf` names the form field of a server field (null when
 * the form has none) and `messageOf` the message key of a problem on a field (the problem itself unless
 * the form words it its own way; it also gets the server's field and its own words, for forms whose
 * fields the shared problems do not cover). When two server fields land on one form field the first stays.
 */
export function mapFieldErrors<N extends string>(
  fields: Record<string, string>,
  fieldOf: (serverField: string) => N | null,
  messageOf: (name: N, problem: FieldProblem, serverMessage: string, serverField: string) => FieldMessage = (_, problem) => problem,
): MappedFieldErrors<N> {
  const mapped: FieldError<N>[] = [];
  const unmapped: string[] = [];
  for (const [serverField, text] of Object.entries(fields)) {
    const name = fieldOf(serverField);
    if (name === null) unmapped.push(serverField);
    else if (!mapped.some((m) => m.name === name)) {
      const message = messageOf(name, fieldProblem(text), text, serverField);
      mapped.push(typeof message === 'string' ? { name, message, serverField } : { name, ...message, serverField });
    }
  }
  return { mapped, unmapped };
}

/**
 * Sets the errors on the form (the message is a key the form translates) and moves the focus
 * to the first invalid field in the form's order (`order` lists the fields as they appear; others come
 * last). Returns that field's name.
 */
export function applyFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  errors: readonly FieldError<FieldPath<T>>[],
  order: readonly FieldPath<T>[],
): FieldPath<T> | null {
  const rank = (name: FieldPath<T>) => {
    const i = order.indexOf(name);
    return i === -1 ? order.length : i;
  };
  const sorted = [...errors].sort((a, b) => rank(a.name) - rank(b.name));
  for (const { name, message } of sorted) form.setError(name, { type: 'server', message });
  const first = sorted[0]?.name ?? null;
  if (first) form.setFocus(first);
  return first;
}
