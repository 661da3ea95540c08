import { z } from 'zod';
import type { FieldProblem } from '@/lib/api/field-errors';
import type { components } from '@/lib/api/schema';
import { isEmailConfirmed, isValidEmail, isValidName, isValidPhone } from '@/lib/validation';

/** A category of the event's ticket, as the server sends it. */
export type EventCategory = components['schemas']['EventCategory'];

/**
 * The error messages of the event form, as keys of the eventRegister namespace's `errors` (the component
 * translates them): the problems the server can name on its fields (dates and drivers aside), and the
 * form's own two.
 */
export type EventFormError = Exclude<FieldProblem, 'invalidDate' | 'repeatedEmails'> | 'categoryRequired' | 'ageRequired';

/** The separator the server puts between the nick and each chosen category short name ("Ana - JR"). */
export const NICK_SEPARATOR = ' - ';

/** The longest nick the server stores, in characters, the short names appended included. */
export const MAX_NICK_LENGTH = 100;

/** The suffix the chosen short names add to the nick: " - JR - X", or "" when none is chosen. */
export function nickSuffix(shortNames: readonly string[]): string {
  return shortNames.length ? NICK_SEPARATOR + shortNames.join(NICK_SEPARATOR) : '';
}

/** The nick with the short names appended, as the summary shows it and the server stores it ("Ana - JR"). */
export function appendShortNames(nick: string, shortNames: readonly string[]): string {
  const base = removeShortNames(nick.trim(), shortNames);
  return base + nickSuffix(shortNames);
}

/** The nick without the short names appended by appendShortNames (going back to the form). */
export function removeShortNames(nick: string, shortNames: readonly string[]): string {
  const suffix = nickSuffix(shortNames);
  return suffix && nick.endsWith(suffix) ? nick.slice(0, -suffix.length).trimEnd() : nick;
}

/** The event form's values. `categories[i]` holds the short names chosen in the event's i-th category. */
export interface EventFormValues {
  nick: string;
  telefono: string;
  email: string;
  emailConfirmation: string;
  categories: string[][];
  ageConfirmed: boolean;
}

/** The chosen short names in category and option order, as the server expects them. */
export function chosenShortNames(categories: readonly EventCategory[], chosen: readonly (readonly string[])[]): string[] {
  return categories.flatMap((category, i) =>
    category.options
      .filter((option) => !option.disabled && (chosen[i] ?? []).includes(option.shortName))
      .map((option) => option.shortName),
  );
}

/** Empty values for the form: categories start with their pre-ticked options (an exclusive one with at most one). */
export function emptyEventFormValues(categories: readonly EventCategory[]): EventFormValues {
  return {
    nick: '',
    telefono: '',
    email: '',
    emailConfirmation: '',
    categories: categories.map((category) => {
      const checked = category.options.filter((o) => o.checked && !o.disabled).map((o) => o.shortName);
      return category.excluding ? checked.slice(0, 1) : checked;
    }),
    ageConfirmed: false,
  };
}

/** What the form's rules depend on. */
export interface EventFormOptions {
  /** The ticket's categories. */
  categories: readonly EventCategory[];
  /** The age-confirmation checkbox is shown and must be ticked (the ticket has a checkbox text). */
  ageCheckbox: boolean;
}

const valuesSchema = z.object({
  nick: z.string(),
  telefono: z.string(),
  email: z.string(),
  emailConfirmation: z.string(),
  categories: z.array(z.array(z.string())),
  ageConfirmed: z.boolean(),
});

/** Builds the event form's schema: every rule of customer spec section 5, "Event form". */
export function eventFormSchema({ categories, ageCheckbox }: EventFormOptions) {
  return valuesSchema.superRefine((v, ctx) => {
    const fail = (path: (string | number)[], message: EventFormError) => ctx.addIssue({ code: 'custom', path, message });

    if (!v.nick.trim()) fail(['nick'], 'required');
    else if (!isValidName(v.nick)) fail(['nick'], 'invalidName');
    else if ([...appendShortNames(v.nick, chosenShortNames(categories, v.categories))].length > MAX_NICK_LENGTH) {
      fail(['nick'], 'tooLong');
    }

    if (!v.telefono) fail(['telefono'], 'required');
    else if (!isValidPhone(v.telefono)) fail(['telefono'], 'invalidPhone');

    if (!v.email.trim()) fail(['email'], 'required');
    else if (!isValidEmail(v.email)) fail(['email'], 'invalidEmail');
    if (!v.emailConfirmation.trim()) fail(['emailConfirmation'], 'required');
    else if (!isValidEmail(v.emailConfirmation)) fail(['emailConfirmation'], 'invalidEmail');
    else if (!isEmailConfirmed(v.email, v.emailConfirmation)) fail(['emailConfirmation'], 'emailsDiffer');

    categories.forEach((category, i) => {
      if (!category.excluding) return;
      const allowed = category.options.filter((o) => !o.disabled).map((o) => o.shortName);
      const picked = (v.categories[i] ?? []).filter((s) => allowed.includes(s));
      if (picked.length !== 1) fail(['categories', i], 'categoryRequired');
    });

    if (ageCheckbox && !v.ageConfirmed) fail(['ageConfirmed'], 'ageRequired');
  });
}

/**
 * Whether Next may be pressed (customer spec section 5): no errors, something touched, the e-mail
 * confirmed, the age checkbox ticked when required and every exclusive category answered. The last three
 * are errors of the schema too; they are named here so the rule reads as the spec does.
 */
export function canContinue(
  values: EventFormValues,
  options: EventFormOptions,
  state: { touched: boolean },
): boolean {
  if (!state.touched) return false;
  if (!isEmailConfirmed(values.email, values.emailConfirmation)) return false;
  if (options.ageCheckbox && !values.ageConfirmed) return false;
  return eventFormSchema(options).safeParse(values).success;
}
