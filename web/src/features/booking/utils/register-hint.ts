import type { RegisterError, RegisterValues, registerSchema } from '@/features/booking/utils/register-schema';
import { registerOrder } from '@/features/booking/utils/server-errors';

/**
 * The hints the register stage shows under a disabled Next, as keys of the booking namespace's
 * `nextHint`: each names one thing to do.
 */
export type RegisterHint =
  | 'name'
  | 'nameInvalid'
  | 'surname'
  | 'birthDate'
  | 'email'
  | 'emailInvalid'
  | 'emailRepeat'
  | 'confirmEmail'
  | 'phone'
  | 'driverNames'
  | 'driverNamesInvalid'
  | 'driverEmails'
  | 'repeatedEmails'
  | 'adult'
  | 'gift'
  | 'fillIn';

/** The hint of a problem of one field of the form (its path joined with dots, and the rule's message). */
function hintOf(field: string, message: RegisterError): RegisterHint {
  switch (field) {
    case 'nombre':
      return message === 'required' ? 'name' : 'nameInvalid';
    case 'apellidos':
      return 'surname';
    case 'fechaNacimiento':
      return 'birthDate';
    case 'email':
      return message === 'required' ? 'email' : 'emailInvalid';
    case 'emailConfirmation':
      return message === 'emailsDiffer' ? 'confirmEmail' : message === 'required' ? 'emailRepeat' : 'emailInvalid';
    case 'telefono':
      return 'phone';
    case 'adultConfirmation':
      return 'adult';
  }
  if (/^drivers\.\d+\.name$/.test(field)) return message === 'required' ? 'driverNames' : 'driverNamesInvalid';
  if (/^drivers\.\d+\.email$/.test(field)) return message === 'repeatedEmails' ? 'repeatedEmails' : 'driverEmails';
  if (field.startsWith('present') || field === 'isSendPresentChecked') return 'gift';
  return 'fillIn';
}

/**
 * The first thing missing or wrong in the register form, top to bottom as the form shows its fields
 * (your name before your e-mail, the drivers before the legal-age box), by the same rules that keep
 * Next disabled; null when the form is complete.
 */
export function registerHint(schema: ReturnType<typeof registerSchema>, values: RegisterValues): RegisterHint | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const order = registerOrder(values.drivers.length) as string[];
  const rank = (field: string) => {
    const i = order.indexOf(field);
    return i < 0 ? order.length : i;
  };
  const first = result.error.issues
    .map((issue) => ({ field: issue.path.join('.'), message: issue.message as RegisterError }))
    .sort((a, b) => rank(a.field) - rank(b.field))[0];
  return first ? hintOf(first.field, first.message) : 'fillIn';
}
