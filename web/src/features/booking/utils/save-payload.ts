import type { SaveBookingPayload } from '@/features/booking/api/save-booking';
import { uniqueDriverNames } from '@/features/booking/utils/drivers';
import type { RegisterValues } from '@/features/booking/utils/register-schema';
import type { BookingItem } from '@/features/booking/utils/wizard-state';

type SaveSlot = NonNullable<SaveBookingPayload['slots']>[number];

/** What the save-booking payload is built from. */
export interface SaveInput {
  cartToken: string;
  form: RegisterValues;
  stack: readonly BookingItem[];
  showEmails: boolean;
  paymentsActive: boolean;
  culture: string;
  /** A walk-in taken by staff (staff mode): e-mail once, the customer's agreement stated by staff. */
  desk?: boolean;
}

/**
 * The save-booking payload (customer spec section 3): the contact, the pre-bookings, each session with
 * its drivers (names made unique, e-mails when shown), the gift when sent as one, and the payment switch.
 */
export function buildSavePayload({ cartToken, form, stack, showEmails, paymentsActive, culture, desk = false }: SaveInput): SaveBookingPayload {
  const slots: SaveSlot[] = [];
  for (const item of stack) {
    const names = uniqueDriverNames(item.drivers.map((d) => d.name));
    const drivers = item.drivers.map((d, i) => {
      const email = d.email.trim();
      return {
        name: names[i] ?? '',
        ...(showEmails && email ? { email } : {}),
        underage: d.underage,
        isCloudMember: d.isCloudMember,
      };
    });
    for (const hold of item.holds) {
      // The schema also allows "session start → drivers" keys, which TypeScript cannot combine with the named
      // fields; the entry is built with the named fields only.
      slots.push(({
        prebookingIdentifier: hold.identifier,
        ...(hold.bookingDates[0] ? { bookingDate: hold.bookingDates[0] } : {}),
        drivers,
        productIdCloud: item.isPack ? null : item.productId,
        idPackCloud: item.isPack ? item.productId : null,
        idProductLocal: item.isPack ? null : item.idLocal,
        idPackLocal: item.isPack ? item.idLocal : null,
        idVariant: item.idVariant ?? 1,
        ...(item.packCode ? { packAssociated: item.packCode } : {}),
      }) as unknown as SaveSlot);
    }
  }
  const gift =
    paymentsActive && form.isSendPresentChecked
      ? {
          name: form.presentReceptorName.trim(),
          email: form.presentReceptorEmail.trim(),
          ...(form.presentMessage.trim() ? { message: form.presentMessage.trim() } : {}),
        }
      : undefined;
  return {
    token: cartToken,
    nombre: form.nombre.trim(),
    ...(form.apellidos.trim() ? { apellidos: form.apellidos.trim() } : {}),
    phone: form.telefono,
    email: form.email.trim(),
    emailConfirmation: desk ? form.email.trim() : form.emailConfirmation.trim(),
    ...(form.fechaNacimiento ? { fechaNacimiento: form.fechaNacimiento } : {}),
    // The customer's own consent to offers is not given on their behalf at the counter.
    acceptSendPromo: desk ? false : form.acceptSendPromo,
    adultConfirmation: desk ? false : form.adultConfirmation,
    // Staff mode: the server takes it only from a signed-in staff member of the company.
    ...(desk ? { staffMode: 1, customerAcceptedTerms: 1 } : {}),
    description: stack.map((i) => i.name),
    identifiersPrebooking: stack.flatMap((i) => i.holds.map((h) => h.identifier)),
    slots,
    ...(gift ? { gift } : {}),
    isPaymentsActive: paymentsActive ? 1 : 0,
    culture,
    culturePaycomet: culture,
  };
}

/** The booking identifier in a success URL (/success?booking=…), or null. */
export function bookingIdFromUrl(url: string): string | null {
  try {
    return new URL(url, 'http://localhost').searchParams.get('booking');
  } catch {
    return null;
  }
}
