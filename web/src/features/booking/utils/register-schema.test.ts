import {
  birthDateRange,
  emptyRegisterValues,
  GIFT_MESSAGE_MAX,
  registerSchema,
  type RegisterOptions,
  type RegisterValues,
} from '@/features/booking/utils/register-schema';
import { isEmailConfirmed, isValidName, isValidPhone } from '@/lib/validation';

const TODAY = '2026-11-22';
const options: RegisterOptions = {
  showEmails: true,
  emailOptional: false,
  voucherMode: false,
  paymentsActive: true,
  today: TODAY,
};

function valid(overrides: Partial<RegisterValues> = {}): RegisterValues {
  return {
    ...emptyRegisterValues(2),
    nombre: 'Ana',
    apellidos: 'García',
    email: 'ana@example.com',
    emailConfirmation: 'ana@example.com',
    telefono: '+34600123456',
    drivers: [
      { name: 'Ana', email: 'ana@example.com', underage: false, isCloudMember: false },
      { name: 'Bo', email: 'bo@example.com', underage: false, isCloudMember: false },
    ],
    adultConfirmation: true,
    ...overrides,
  };
}

/** The errors of a form as { 'path.to.field': message }. */
function errorsOf(values: RegisterValues, opts: Partial<RegisterOptions> = {}): Record<string, string> {
  const result = registerSchema({ ...options, ...opts }).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the register form', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  describe('names (nombre required, apellidos optional)', () => {
    it.each([
      ['Ana', true],
      ['José Luis', true],
      ["O'Neill-Søndergård", true],
      ['محمد', true],
      ['Ünal Çelik', true],
      ['', false],
      ['   ', false],
      ['Ana/Bo', false],
      ['李雷', false], // U+674E: in the refused range U+1000–U+FFFF
      ['Ana 😀', false], // emoji are surrogate pairs in that range
      ['ᄀ', false], // U+1100, the lower part of the range
    ])('%j is %s', (name, ok) => {
      expect(isValidName(name)).toBe(ok);
    });

    it('requires the first name and checks its characters', () => {
      expect(errorsOf(valid({ nombre: '' }))).toEqual({ nombre: 'required' });
      expect(errorsOf(valid({ nombre: '  ' }))).toEqual({ nombre: 'required' });
      expect(errorsOf(valid({ nombre: 'Ana/1' }))).toEqual({ nombre: 'invalidName' });
    });

    it('lets the last name be empty but checks it when given', () => {
      expect(errorsOf(valid({ apellidos: '' }))).toEqual({});
      expect(errorsOf(valid({ apellidos: '王' }))).toEqual({ apellidos: 'invalidName' });
    });
  });

  describe('e-mails', () => {
    it('requires a standard address', () => {
      expect(errorsOf(valid({ email: '', emailConfirmation: '' }))).toMatchObject({ email: 'required' });
      expect(errorsOf(valid({ email: 'ana@', emailConfirmation: 'ana@' }))).toMatchObject({ email: 'invalidEmail' });
      expect(errorsOf(valid({ email: 'ana.example.com', emailConfirmation: 'ana.example.com' }))).toMatchObject({
        email: 'invalidEmail',
      });
    });

    it('confirms only when both addresses are valid and equal (case aside)', () => {
      expect(isEmailConfirmed('ana@example.com', 'ana@example.com')).toBe(true);
      expect(isEmailConfirmed('Ana@Example.com', 'ana@example.com')).toBe(true);
      expect(isEmailConfirmed('ana@example.com', 'ana@example.co')).toBe(false);
      expect(isEmailConfirmed('ana@', 'ana@')).toBe(false);
      expect(errorsOf(valid({ emailConfirmation: 'ana@example.org' }))).toEqual({ emailConfirmation: 'emailsDiffer' });
      expect(errorsOf(valid({ emailConfirmation: '' }))).toEqual({ emailConfirmation: 'required' });
    });
  });

  describe('phone', () => {
    it.each([
      ['+34600123456', true],
      ['+4520123456', true],
      ['+447400123456', true],
      ['+3460012', false], // too short for Spain
      ['+34', false],
      ['123456', false], // under seven characters
      ['', false],
    ])('%j is %s', (phone, ok) => {
      expect(isValidPhone(phone)).toBe(ok);
    });

    it('is required and must be valid', () => {
      expect(errorsOf(valid({ telefono: '' }))).toEqual({ telefono: 'required' });
      expect(errorsOf(valid({ telefono: '+341234' }))).toEqual({ telefono: 'invalidPhone' });
    });
  });

  describe('birth date', () => {
    it('may be left empty', () => {
      expect(errorsOf(valid({ fechaNacimiento: '' }))).toEqual({});
    });

    it('goes from 80 years back to today', () => {
      expect(birthDateRange(TODAY)).toEqual({ min: '1946-11-22', max: TODAY });
      expect(errorsOf(valid({ fechaNacimiento: '1946-11-22' }))).toEqual({});
      expect(errorsOf(valid({ fechaNacimiento: TODAY }))).toEqual({});
      expect(errorsOf(valid({ fechaNacimiento: '1946-11-21' }))).toEqual({ fechaNacimiento: 'invalidDate' });
      expect(errorsOf(valid({ fechaNacimiento: '2026-11-23' }))).toEqual({ fechaNacimiento: 'invalidDate' });
      expect(errorsOf(valid({ fechaNacimiento: '22/11/1990' }))).toEqual({ fechaNacimiento: 'invalidDate' });
    });
  });

  describe('drivers', () => {
    it('requires each name, except in voucher mode', () => {
      const drivers = valid().drivers.map((d) => ({ ...d, name: '' }));
      expect(errorsOf(valid({ drivers }))).toEqual({ 'drivers.0.name': 'required', 'drivers.1.name': 'required' });
      expect(errorsOf(valid({ drivers }), { voucherMode: true })).toEqual({});
    });

    it('checks names with the names rule', () => {
      const drivers = [{ ...valid().drivers[0], name: 'A/B' }, valid().drivers[1]];
      expect(errorsOf(valid({ drivers }))).toEqual({ 'drivers.0.name': 'invalidName' });
    });

    it('requires e-mails when shown and not optional, unless the underage switch is on', () => {
      const noEmail = valid().drivers.map((d) => ({ ...d, email: '' }));
      expect(errorsOf(valid({ drivers: noEmail }))).toEqual({
        'drivers.0.email': 'required',
        'drivers.1.email': 'required',
      });
      expect(errorsOf(valid({ drivers: noEmail }), { emailOptional: true })).toEqual({});
      expect(errorsOf(valid({ drivers: noEmail }), { showEmails: false })).toEqual({});
      const underage = [{ ...noEmail[0], underage: true }, noEmail[1]];
      expect(errorsOf(valid({ drivers: underage }))).toEqual({ 'drivers.1.email': 'required' });
    });

    it('checks a given e-mail even when optional', () => {
      const drivers = [{ ...valid().drivers[0], email: 'nope' }, valid().drivers[1]];
      expect(errorsOf(valid({ drivers }), { emailOptional: true })).toEqual({ 'drivers.0.email': 'invalidEmail' });
    });

    it('refuses the same e-mail for different drivers (case aside)', () => {
      const drivers = [
        { ...valid().drivers[0], email: 'same@example.com' },
        { ...valid().drivers[1], email: 'Same@Example.com' },
      ];
      expect(errorsOf(valid({ drivers }))).toEqual({ 'drivers.1.email': 'repeatedEmails' });
      expect(errorsOf(valid({ drivers }), { showEmails: false })).toEqual({});
    });
  });

  it('requires the adult-age confirmation', () => {
    expect(errorsOf(valid({ adultConfirmation: false }))).toEqual({ adultConfirmation: 'adultRequired' });
  });

  describe('gift', () => {
    const gift = { isSendPresentChecked: true, presentReceptorName: 'Eva', presentReceptorEmail: 'eva@example.com' };

    it('needs the receiver name and a valid receiver e-mail', () => {
      expect(errorsOf(valid(gift))).toEqual({});
      expect(errorsOf(valid({ ...gift, presentReceptorName: '' }))).toEqual({ presentReceptorName: 'required' });
      expect(errorsOf(valid({ ...gift, presentReceptorEmail: 'eva' }))).toEqual({ presentReceptorEmail: 'invalidEmail' });
    });

    it('takes a message of at most 250 characters', () => {
      expect(GIFT_MESSAGE_MAX).toBe(250);
      expect(errorsOf(valid({ ...gift, presentMessage: 'x'.repeat(250) }))).toEqual({});
      expect(errorsOf(valid({ ...gift, presentMessage: 'x'.repeat(251) }))).toEqual({
        presentMessage: 'giftMessageTooLong',
      });
    });

    it('is ignored when not sent as a gift or without online payment', () => {
      expect(errorsOf(valid({ presentReceptorName: '', presentMessage: 'x'.repeat(300) }))).toEqual({});
      expect(errorsOf(valid({ ...gift, presentReceptorName: '' }), { paymentsActive: false })).toEqual({});
    });
  });
});
