import type { FieldPath } from 'react-hook-form';
import { mapFieldErrors, type FieldError, type FieldProblem } from '@/lib/api/field-errors';
import type { RegisterValues } from '@/features/booking/utils/register-schema';
import type { BookingItem } from '@/features/booking/utils/wizard-state';

/** A field of the register form. */
export type RegisterField = FieldPath<RegisterValues>;

// Save-booking payload fields (docs/openapi.yaml PrebookingSave) → the register form's fields.
const CONTACT_FIELDS: Record<string, RegisterField> = {
  nombre: 'nombre',
  contactName: 'nombre',
  apellidos: 'apellidos',
  fechaNacimiento: 'fechaNacimiento',
  email: 'email',
  emailConfirmation: 'emailConfirmation',
  phone: 'telefono',
  telefono: 'telefono',
  adultConfirmation: 'adultConfirmation',
  gift: 'isSendPresentChecked',
  'gift.name': 'presentReceptorName',
  'gift.email': 'presentReceptorEmail',
  'gift.message': 'presentMessage',
};

const DRIVER_FIELD = /^slots\[(\d+)\]\.drivers\[(\d+)\]\.(name|email)$/;
const SLOT_FIELD = /^slots\[(\d+)\]/;

/** The stack item each slot entry of the save payload is about: buildSavePayload writes one entry per hold, in order. */
export function slotItems(stack: readonly BookingItem[]): number[] {
  return stack.flatMap((item, index) => item.holds.map(() => index));
}

/** The register form's fields in the order they appear, for a number of drivers. */
export function registerOrder(drivers: number): RegisterField[] {
  const driverFields = Array.from({ length: drivers }, (_, i) => [`drivers.${i}.name`, `drivers.${i}.email`] as const).flat();
  return [
    'nombre',
    'apellidos',
    'fechaNacimiento',
    'email',
    'emailConfirmation',
    'telefono',
    ...driverFields,
    'adultConfirmation',
    'isSendPresentChecked',
    'presentReceptorName',
    'presentReceptorEmail',
    'presentMessage',
  ];
}

/** The register form's own wording of a problem on a field (a key of the booking namespace's `errors`). */
function messageOf(name: RegisterField, problem: FieldProblem): string {
  if (name === 'adultConfirmation') return 'adultRequired';
  if (name === 'presentMessage' && problem === 'tooLong') return 'giftMessageTooLong';
  if (name === 'isSendPresentChecked') return 'giftNeedsOnlinePayment';
  return problem;
}

/** What to do with a save-booking 422: errors to show on the register form, and what it cannot show. */
export interface SaveErrorPlan {
  /** Errors for the register form (the contact and the last item's drivers, the one the form edits). */
  form: FieldError<RegisterField>[];
  /** The name of an earlier item whose drivers the server refused (the form cannot show them). */
  earlierItem: string | null;
  /** Server fields neither the form nor an item can explain (the cart token, say). */
  unmapped: string[];
}

/**
 * Plans how the save-booking call's field errors are shown. The register form holds the contact and the
 * drivers of the last item of the stack (going back to it from the summary edits that item), so a driver
 * error of the last item goes on its row; one of an earlier item names that item.
 */
export function planSaveErrors(fields: Record<string, string>, stack: readonly BookingItem[]): SaveErrorPlan {
  const items = slotItems(stack);
  const last = stack.length - 1;
  let earlierItem: string | null = null;
  const fieldOf = (serverField: string): RegisterField | null => {
    const contact = CONTACT_FIELDS[serverField];
    if (contact) return contact;
    const driver = DRIVER_FIELD.exec(serverField);
    if (driver && items[Number(driver[1])] === last) return `drivers.${Number(driver[2])}.${driver[3] as 'name' | 'email'}`;
    const slot = SLOT_FIELD.exec(serverField);
    const item = slot ? items[Number(slot[1])] : undefined;
    if (item !== undefined && item !== last) earlierItem ??= stack[item]?.name ?? null;
    return null;
  };
  const { mapped, unmapped } = mapFieldErrors(fields, fieldOf, messageOf);
  const explained = (f: string) => {
    const slot = SLOT_FIELD.exec(f);
    return slot !== null && items[Number(slot[1])] !== undefined && items[Number(slot[1])] !== last;
  };
  return { form: mapped, earlierItem, unmapped: unmapped.filter((f) => !explained(f)) };
}
