import ar from '@/features/booking/locales/ar.json';
import da from '@/features/booking/locales/da.json';
import de from '@/features/booking/locales/de.json';
import en from '@/features/booking/locales/en.json';
import es from '@/features/booking/locales/es.json';
import nb from '@/features/booking/locales/nb.json';
import sv from '@/features/booking/locales/sv.json';
import { registerHint, type RegisterHint } from '@/features/booking/utils/register-hint';
import {
  emptyRegisterValues,
  registerSchema,
  type RegisterOptions,
  type RegisterValues,
} from '@/features/booking/utils/register-schema';

const options: RegisterOptions = { showEmails: true, emailOptional: false, voucherMode: false, paymentsActive: true, today: '2026-11-22' };

/** A complete form for two drivers, with some fields changed. */
function form(overrides: Partial<RegisterValues> = {}): RegisterValues {
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

/** The English hint under Next for a form. */
function hint(values: RegisterValues, opts: Partial<RegisterOptions> = {}): string | null {
  const key = registerHint(registerSchema({ ...options, ...opts }), values);
  return key && en.nextHint[key];
}

const driver = (name: string, email: string) => ({ name, email, underage: false, isCloudMember: false });

describe('the register stage names the first thing missing under Next', () => {
  it.each<[string, RegisterValues, string]>([
    ['an empty form: your name first', emptyRegisterValues(2), 'Fill in your name.'],
    ['a name with a slash', form({ nombre: 'A/B' }), 'Check your name: letters only, no slashes or symbols.'],
    ['a surname with a slash', form({ apellidos: 'G/H' }), 'Check your surname: letters only, no slashes or symbols.'],
    ['a date of birth in the future', form({ fechaNacimiento: '2030-01-01' }), 'Check your date of birth.'],
    ['no e-mail', form({ email: '', emailConfirmation: '' }), 'Fill in your e-mail address.'],
    ['an e-mail without a domain', form({ email: 'ana@', emailConfirmation: 'ana@' }), 'Check your e-mail address.'],
    ['the repeated e-mail left empty', form({ emailConfirmation: '' }), 'Repeat your e-mail address in the second field.'],
    ['the repeated e-mail differs', form({ emailConfirmation: 'ana@example.org' }), 'Repeat your e-mail address exactly.'],
    ['no phone', form({ telefono: '' }), 'Fill in a valid phone number.'],
    ['a phone too short', form({ telefono: '+3460' }), 'Fill in a valid phone number.'],
    ["a driver's name missing", form({ drivers: [driver('Ana', 'ana@example.com'), driver('', 'bo@example.com')] }), "Fill in every driver's name."],
    ["a driver's name with a slash", form({ drivers: [driver('A/B', 'ana@example.com'), driver('Bo', 'bo@example.com')] }), "Check the drivers' names: letters only, no slashes or symbols."],
    ["a driver's e-mail missing", form({ drivers: [driver('Ana', 'ana@example.com'), driver('Bo', '')] }), 'Fill in a valid e-mail address for every driver.'],
    ['two drivers with one e-mail', form({ drivers: [driver('Ana', 'ana@example.com'), driver('Bo', 'ANA@example.com')] }), 'Give each driver a different e-mail address.'],
    ['only the legal-age box', form({ adultConfirmation: false }), 'Confirm that you are of legal age.'],
    ['a gift without its receiver', form({ isSendPresentChecked: true }), "Complete the gift's details."],
  ])('%s', (_, values, expected) => {
    expect(hint(values)).toBe(expected);
  });

  it('says nothing when the form is complete', () => {
    expect(hint(form())).toBeNull();
  });

  it('goes top to bottom: the contact before the drivers, the drivers before the legal-age box', () => {
    const noDriverName = [driver('', 'ana@example.com'), driver('Bo', 'bo@example.com')];
    expect(hint(form({ adultConfirmation: false, drivers: noDriverName }))).toBe("Fill in every driver's name.");
    expect(hint(form({ telefono: '', adultConfirmation: false, drivers: noDriverName }))).toBe('Fill in a valid phone number.');
    expect(hint(form({ email: '', telefono: '' }))).toBe('Fill in your e-mail address.');
  });

  it("follows the company's settings: without drivers' e-mails, and in voucher mode without names", () => {
    const noEmails = form({ drivers: [driver('Ana', ''), driver('Bo', '')], adultConfirmation: false });
    expect(hint(noEmails, { showEmails: false })).toBe('Confirm that you are of legal age.');
    expect(hint(form({ drivers: [driver('', 'a@example.com'), driver('', 'b@example.com')] }), { voucherMode: true })).toBeNull();
  });

  it('has every hint in every language', () => {
    const keys: RegisterHint[] = [
      'name', 'nameInvalid', 'surname', 'birthDate', 'email', 'emailInvalid', 'emailRepeat', 'confirmEmail', 'phone',
      'driverNames', 'driverNamesInvalid', 'driverEmails', 'repeatedEmails', 'adult', 'gift', 'fillIn',
    ];
    for (const [lang, locale] of Object.entries({ ar, da, de, en, es, nb, sv })) {
      for (const key of keys) {
        const text = (locale.nextHint as Record<string, string>)[key];
        expect(text, `${lang} nextHint.${key}`).toBeTruthy();
        if (lang !== 'en') expect(text, `${lang} nextHint.${key} is translated`).not.toBe(en.nextHint[key]);
      }
    }
  });
});
