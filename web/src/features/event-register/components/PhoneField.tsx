import 'react-phone-number-input/style.css';
import { Input } from '@mantine/core';
import { forwardRef, useId, useMemo, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import PhoneInput, { getCountries, isSupportedCountry, type Country } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import classes from '@/features/event-register/components/EventRegister.module.css';

/** Countries listed first in the country menu (customer spec section 9). */
const PREFERRED: Country[] = ['GB', 'ES', 'DK'];

/** The phone's default country: the company's country, else the browser language's region, else GB. */
export function defaultPhoneCountry(companyCountry: string | null | undefined, browserLanguages: readonly string[]): Country {
  for (const raw of [companyCountry ?? '', ...browserLanguages.map((l) => l.split('-')[1] ?? '')]) {
    const code = raw.toUpperCase();
    if (code && isSupportedCountry(code)) return code;
  }
  return 'GB';
}

const NumberInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function NumberInput(props, ref) {
  return <input {...props} ref={ref} className={classes.phoneInput} />;
});

interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The company's country (ISO 3166 alpha-2), when known. */
  companyCountry: string | null;
  error?: string;
  label: string;
}

/**
 * The phone input with a country menu. Flags are bundled (never loaded from the internet) and country
 * names come from the browser in the current language.
 */
export function PhoneField({ value, onChange, onBlur, companyCountry, error, label }: PhoneFieldProps) {
  const { t, i18n } = useTranslation('eventRegister');
  const id = useId();
  const errorId = `${id}-error`;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const labels = useMemo(() => {
    const names: Record<string, string> = { country: t('form.phoneCountry'), phone: label, ZZ: t('form.phoneInternational') };
    try {
      const display = new Intl.DisplayNames([language], { type: 'region' });
      for (const c of getCountries()) names[c] = display.of(c) ?? c;
    } catch {
      // Intl.DisplayNames missing: the country codes are shown
    }
    return names;
  }, [language, label, t]);
  const country = useMemo(
    () => defaultPhoneCountry(companyCountry, typeof navigator === 'undefined' ? [] : (navigator.languages ?? [])),
    [companyCountry],
  );
  return (
    <Input.Wrapper label={label} required error={error} id={id} errorProps={{ id: errorId }}>
      <div className={classes.phone} dir="ltr">
        <PhoneInput
          value={value || undefined}
          onChange={(next) => onChange(next ?? '')}
          onBlur={onBlur}
          defaultCountry={country}
          countryOptionsOrder={[...PREFERRED, '|', '...']}
          flags={flags}
          labels={labels}
          inputComponent={NumberInput}
          numberInputProps={{
            id,
            'aria-invalid': Boolean(error),
            'aria-describedby': error ? errorId : undefined,
            'aria-required': true,
            autoComplete: 'tel',
          }}
          international={false}
        />
      </div>
    </Input.Wrapper>
  );
}
