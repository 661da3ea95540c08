import 'react-phone-number-input/style.css';
import { Input } from '@mantine/core';
import { forwardRef, useId, useMemo, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import PhoneInput, { getCountries, isSupportedCountry, type Country } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import classes from '@/components/PhoneField.module.css';

/** Countries listed first in the country menu (customer spec section 9). */
const PREFERRED: Country[] = ['GB', 'ES', 'DK'];

/**
 * The phone's default country: the company's country, else the region of the browser's language, else GB.
 * No IP lookup.
 */
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
  /** The number in E.164 (+34600111222), or '' while none is typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The company's country (ISO 3166 alpha-2), when known: the default country of the menu. */
  companyCountry: string | null | undefined;
  /** The translated error shown under the field. */
  error?: string;
  label: string;
  /** Whether the field is required (marked with an asterisk and aria-required); default true. */
  required?: boolean;
  /** The number input's element (react-hook-form's field.ref, so that setError/setFocus can focus it). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The phone input with a country menu: flags bundled (never loaded from the internet), country names in the
 * current language, the preferred countries first. The number is written left to right in every language.
 */
export function PhoneField({ value, onChange, onBlur, companyCountry, error, label, required = true, inputRef }: PhoneFieldProps) {
  const { t, i18n } = useTranslation('components');
  const id = useId();
  const errorId = `${id}-error`;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const labels = useMemo(() => {
    const names: Record<string, string> = { country: t('phone.country'), phone: label, ZZ: t('phone.international') };
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
    <Input.Wrapper label={label} required={required} error={error} id={id} errorProps={{ id: errorId }}>
      <div className={classes.phone} dir="ltr">
        <PhoneInput
          // The library forwards its ref to the number <input> (its typings name the class component instead).
          ref={inputRef as Ref<never>}
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
