import { z } from 'zod';
import { repeatedEmailIndexes } from '@/features/booking/utils/drivers';
import { addYears } from '@/features/booking/utils/format';
import { isEmailConfirmed, isValidEmail, isValidName, isValidPhone } from '@/lib/validation';

/**
 * The error messages of the register form, as keys of the wizard namespace's `errors` (the component
 * translates them).
 */
export type RegisterError =
  | 'required'
  | 'invalidName'
  | 'invalidEmail'
  | 'emailsDiffer'
  | 'invalidDate'
  | 'invalidPhone'
  | 'repeatedEmails'
  | 'giftMessageTooLong'
  | 'adultRequired';

/** The longest gift message (spec section 9). */
export const GIFT_MESSAGE_MAX = 250;

/** How far back a birth date may go, in years (spec section 9). */
export const BIRTH_YEARS_BACK = 80;

/** The range a birth date may take: from 80 years ago to today (YYYY-MM-DD). */
export function birthDateRange(today: string): { min: string; max: string } {
  return { min: addYears(today, -BIRTH_YEARS_BACK), max: today };
}

/** What the register form's rules depend on. */
export interface RegisterOptions {
  /** The company shows an e-mail field per driver. */
  showEmails: boolean;
  /** Driver e-mails may be left empty. */
  emailOptional: boolean;
  /** Voucher mode: driver names are not required. */
  voucherMode: boolean;
  /** Online payment is on (the gift block exists only then). */
  paymentsActive: boolean;
  /** Today at the visitor, YYYY-MM-DD. */
  today: string;
  /**
   * A walk-in taken by staff at the counter (issue 23): the e-mail is optional and asked once, and there is
   * no legal-age box (the summary's box states the customer's agreement instead).
   */
  desk?: boolean;
}

const driverSchema = z.object({
  name: z.string(),
  email: z.string(),
  underage: z.boolean(),
  isCloudMember: z.boolean(),
});

/** One driver's entry of the register form. */
export type DriverValues = z.infer<typeof driverSchema>;

const baseSchema = z.object({
  nombre: z.string(),
  apellidos: z.string(),
  fechaNacimiento: z.string(),
  email: z.string(),
  emailConfirmation: z.string(),
  telefono: z.string(),
  drivers: z.array(driverSchema),
  adultConfirmation: z.boolean(),
  acceptSendPromo: z.boolean(),
  isSendPresentChecked: z.boolean(),
  presentReceptorName: z.string(),
  presentReceptorEmail: z.string(),
  presentMessage: z.string(),
});

/** The register form's values. */
export type RegisterValues = z.infer<typeof baseSchema>;

/** Empty register values for a number of drivers. */
export function emptyRegisterValues(drivers: number): RegisterValues {
  return {
    nombre: '',
    apellidos: '',
    fechaNacimiento: '',
    email: '',
    emailConfirmation: '',
    telefono: '',
    drivers: Array.from({ length: drivers }, () => ({ name: '', email: '', underage: false, isCloudMember: false })),
    adultConfirmation: false,
    acceptSendPromo: false,
    isSendPresentChecked: false,
    presentReceptorName: '',
    presentReceptorEmail: '',
    presentMessage: '',
  };
}

/** Builds the register form's schema: every rule of customer spec section 5. */
export function registerSchema(options: RegisterOptions) {
  const { min, max } = birthDateRange(options.today);
  return baseSchema.superRefine((v, ctx) => {
    const fail = (path: (string | number)[], message: RegisterError) => ctx.addIssue({ code: 'custom', path, message });

    if (!v.nombre.trim()) fail(['nombre'], 'required');
    else if (!isValidName(v.nombre)) fail(['nombre'], 'invalidName');
    if (v.apellidos.trim() && !isValidName(v.apellidos)) fail(['apellidos'], 'invalidName');

    if (v.fechaNacimiento) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v.fechaNacimiento) || v.fechaNacimiento < min || v.fechaNacimiento > max) {
        fail(['fechaNacimiento'], 'invalidDate');
      }
    }

    if (options.desk) {
      if (v.email.trim() && !isValidEmail(v.email)) fail(['email'], 'invalidEmail');
    } else {
      if (!v.email.trim()) fail(['email'], 'required');
      else if (!isValidEmail(v.email)) fail(['email'], 'invalidEmail');
      if (!v.emailConfirmation.trim()) fail(['emailConfirmation'], 'required');
      else if (!isValidEmail(v.emailConfirmation)) fail(['emailConfirmation'], 'invalidEmail');
      else if (!isEmailConfirmed(v.email, v.emailConfirmation)) fail(['emailConfirmation'], 'emailsDiffer');
    }

    if (!v.telefono) fail(['telefono'], 'required');
    else if (!isValidPhone(v.telefono)) fail(['telefono'], 'invalidPhone');

    v.drivers.forEach((driver, i) => {
      if (!options.voucherMode) {
        if (!driver.name.trim()) fail(['drivers', i, 'name'], 'required');
        else if (!isValidName(driver.name)) fail(['drivers', i, 'name'], 'invalidName');
      } else if (driver.name.trim() && !isValidName(driver.name)) {
        fail(['drivers', i, 'name'], 'invalidName');
      }
      if (options.showEmails) {
        const email = driver.email.trim();
        const required = !options.emailOptional && !driver.underage;
        if (!email && required) fail(['drivers', i, 'email'], 'required');
        else if (email && !isValidEmail(email)) fail(['drivers', i, 'email'], 'invalidEmail');
      }
    });
    if (options.showEmails) {
      for (const i of repeatedEmailIndexes(v.drivers.map((d) => d.email))) fail(['drivers', i, 'email'], 'repeatedEmails');
    }

    if (!options.desk && !v.adultConfirmation) fail(['adultConfirmation'], 'adultRequired');

    if (options.paymentsActive && v.isSendPresentChecked) {
      if (!v.presentReceptorName.trim()) fail(['presentReceptorName'], 'required');
      else if (!isValidName(v.presentReceptorName)) fail(['presentReceptorName'], 'invalidName');
      if (!v.presentReceptorEmail.trim()) fail(['presentReceptorEmail'], 'required');
      else if (!isValidEmail(v.presentReceptorEmail)) fail(['presentReceptorEmail'], 'invalidEmail');
      if (v.presentMessage.length > GIFT_MESSAGE_MAX) fail(['presentMessage'], 'giftMessageTooLong');
    }
  });
}
