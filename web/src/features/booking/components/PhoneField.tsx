import 'react-phone-number-input/style.css';
import { Input } from '@mantine/core';
import { forwardRef, useId, useMemo, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import PhoneInput, { getCountries, isSupportedCountry, type Country } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import classes from '@/features/booking/components/Wizard.module.css';

/** Countries listed first in the country menu (spec section 9). */
const PREFERRED: Country[] = ['GB', 'ES', 'DK'];

/**
 * The phone's default country: the company's country, else the region of the browser's language, else GB.
 * No IP lookup.
 */
export function defaultPhoneCountry(companyCountry: string | null | undefined, browserLanguages: readonly string[]): Country {
  const candidates = [companyCountry ?? '', ...browserLanguages.map((l) => l.split('-')[1] ?? '')];
  for (const raw of candidates) {
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
  companyCountry: string;
  error?: string;
  label: string;
  required?: boolean;
}

/** The phone input with a country menu (flags bundled, never loaded from the internet) and country names in the current language. */
export function PhoneField({ value, onChange, onBlur, companyCountry, error, label, required }: PhoneFieldProps) {
  const { t, i18n } = useTranslation('booking');
  const id = useId();
  const errorId = `${id}-error`;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const labels = useMemo(() => {
    const names: Record<string, string> = { country: t('register.phoneCountry'), phone: label, ZZ: t('register.phoneInternational') };
    try {
      const display = new Intl.DisplayNames([language], { type: 'region' });
      for (const c of getCountries()) names[c] = display.of(c) ?? c;
    } catch {
      // Intl.DisplayNames missing: the country codes are shown
    }
    return names;
  }, [language, label, t]);
  const country = useMemo(
    () => defaultPhoneCountry(companyCountry, typeof navigator === 'undefined' ? [] : navigator.languages ?? []),
    [companyCountry],
  );
  return (
    <Input.Wrapper label={label} required={required} error={error} id={id} errorProps={{ id: errorId }}>
      <div className={classes.phone}>
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
            'aria-required': required,
            autoComplete: 'tel',
          }}
          international={false}
        />
      </div>
    </Input.Wrapper>
  );
}
