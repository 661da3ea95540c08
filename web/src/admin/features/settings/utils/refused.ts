import { fieldProblem, mapFieldErrors, type FieldError, type FieldMessage, type FieldProblem } from '@/lib/api/field-errors';
import { WEEKDAYS } from '@/admin/features/settings/utils/draft';

/** The settings tabs whose fields a refused save can name (tabs.* labels). */
export type RefusedTab = 'general' | 'weekly' | 'special' | 'generalSchedule';

/**
 * A field of the settings dialog a server error can land on: the General tab's inputs by the save
 * request's names (as GeneralTab's bound errors), a weekday of the weekly schedule (`weekly.MO`), a row
 * of the special schedule by its place in the list (`special.0`), the general opening and closing.
 */
export type SettingsField =
  | 'interval'
  | 'maxParticipants'
  | 'data.maxSlotsBooking'
  | 'data.maxDaysBooking'
  | 'data.disableHoursBooking'
  | 'dateLimit'
  | 'contactEmail'
  | 'contactPhone'
  | 'confirmationEmails'
  | 'cancellationEmails'
  | 'openingDate'
  | 'closingDate'
  | `weekly.${string}`
  | `special.${number}`;

/** One refusal of a save as the dialog shows it: on a field of a tab, or (field null) only in the notice. */
export interface Refusal {
  /** The server's field (its path in the save request). */
  path: string;
  tab: RefusedTab | null;
  field: SettingsField | null;
  /** The key of the sentence in the settings namespace, and the values it reads. */
  message: string;
  values?: Record<string, string | number>;
}

const GENERAL: Record<string, SettingsField> = {
  interval: 'interval',
  maxParticipants: 'maxParticipants',
  'data.maxSlotsBooking': 'data.maxSlotsBooking',
  'data.maxDaysBooking': 'data.maxDaysBooking',
  'data.disableHoursBooking': 'data.disableHoursBooking',
  'data.dateLimitBooking.date': 'dateLimit',
  'data.contactEmail': 'contactEmail',
  'data.contactPhone': 'contactPhone',
  openingDate: 'openingDate',
  closingDate: 'closingDate',
};

/**
 * The dialog's field of a server field of saveConfig (internal/setup/validate.go and
 * internal/schedule/validate.go name them), or null when the dialog has no field for it (the rules,
 * which no tab edits, or a path this version does not know).
 */
export function settingsFieldOf(path: string): SettingsField | null {
  if (GENERAL[path]) return GENERAL[path];
  let m = /^(confirmationBookingEmails|cancelBookingEmails)(\[\d+\])?$/.exec(path);
  if (m) return m[1] === 'confirmationBookingEmails' ? 'confirmationEmails' : 'cancellationEmails';
  m = /^data\.generalSchedule\.([A-Z]{2})(?:[.[]|$)/.exec(path);
  if (m && (WEEKDAYS as readonly string[]).includes(m[1])) return `weekly.${m[1]}`;
  m = /^data\.specialSchedule\[(\d+)\]/.exec(path);
  if (m) return `special.${Number(m[1])}`;
  return null;
}

/** The tab a dialog field is on. */
export function tabOf(field: SettingsField): RefusedTab {
  if (field.startsWith('weekly.')) return 'weekly';
  if (field.startsWith('special.')) return 'special';
  if (field === 'openingDate' || field === 'closingDate') return 'generalSchedule';
  return 'general';
}

/** The numbers of a server's "between A and B" as a sentence's values. */
function between(text: string): FieldMessage {
  const m = /between (\d+) and (\d+)/.exec(text);
  return m ? { message: 'refused.between', values: { min: Number(m[1]), max: Number(m[2]) } } : 'refused.invalid';
}

/**
 * The sentence of a server's words on a dialog field (every wording the server has for it: the
 * validators above), never the server's English itself.
 */
export function settingsMessageOf(field: SettingsField, problem: FieldProblem, text: string): FieldMessage {
  const lastDay = /no later than (\d{4}-\d{2}-\d{2})/.exec(text)?.[1];
  if (lastDay) return { message: field === 'dateLimit' ? 'refused.dateLimitLate' : 'special.tooLate', values: { date: lastDay } };
  if (/overlappingHours|overlaps another period/.test(text)) return 'overlappingHours';
  if (/dateExists|overlaps another special day/.test(text)) return 'dateExists';
  if (/must be a time/.test(text)) return 'refused.time';
  if (/must differ from/.test(text)) return 'refused.sameTime';
  if (/more than \d+ periods/.test(text)) return { message: 'refused.periods', values: { max: Number(/more than (\d+)/.exec(text)?.[1]) } };
  switch (field) {
    case 'interval':
      return 'general.errors.interval';
    case 'data.maxSlotsBooking':
      return 'general.errors.slots';
    case 'data.disableHoursBooking':
      return 'general.errors.hours';
    case 'maxParticipants':
    case 'data.maxDaysBooking':
      return between(text);
    case 'dateLimit':
      return /earlier than a year/.test(text) ? 'refused.dateLimitEarly' : 'refused.date';
    case 'contactEmail':
      return 'general.invalidEmail';
    case 'contactPhone':
      return 'general.errors.phone';
    case 'confirmationEmails':
    case 'cancellationEmails':
      if (/already in the list/.test(text)) return 'refused.emailTwice';
      if (/at most (\d+)/.test(text)) return { message: 'refused.emailsMax', values: { max: Number(/at most (\d+)/.exec(text)?.[1]) } };
      return problem === 'invalidEmail' ? 'refused.emailInList' : 'refused.invalid';
  }
  if (field.startsWith('special.')) {
    if (/in the past/.test(text)) return 'special.past';
    if (/closed and open24h/.test(text)) return 'refused.closedAndOpen';
    if (/date/.test(text)) return 'refused.dates';
  }
  return 'refused.invalid';
}

/**
 * Every field error of a refused save as the dialog shows it: each known one on its tab's field with its
 * sentence; an unknown one (or one no tab edits) as "This setting was refused: …" with the server's words
 * (`values.text`), on the weekly tab when it is a rule of a weekday.
 */
export function refusals(fields: Record<string, string>): Refusal[] {
  const { mapped, unmapped } = mapFieldErrors<SettingsField>(fields, settingsFieldOf, (name, problem, text) => settingsMessageOf(name, problem, text));
  const placed = mapped.map(({ name, message, values, serverField }: FieldError<SettingsField>) => ({
    path: serverField ?? name,
    tab: tabOf(name),
    field: name,
    message,
    values,
  }));
  // A second error on a field already marked still counts (the field shows the first); so does a field no tab edits.
  const rest = Object.keys(fields)
    .filter((path) => !placed.some((p) => p.path === path))
    .map((path): Refusal => {
      const text = fields[path];
      const field = unmapped.includes(path) ? null : settingsFieldOf(path);
      if (field) {
        const m = settingsMessageOf(field, fieldProblem(text), text);
        return { path, tab: tabOf(field), field, ...(typeof m === 'string' ? { message: m } : m) };
      }
      return { path, tab: /^data\.rules\.[A-Z]{2}\./.test(path) ? 'weekly' : null, field: null, message: 'refused.other', values: { text } };
    });
  return [...placed, ...rest];
}

/** The value at a server field's path in a request body ("data.specialSchedule[0].date"), or undefined. */
export function valueAt(body: unknown, path: string): unknown {
  let v: unknown = body;
  for (const key of path.match(/[^.[\]]+/g) ?? []) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}
