import '@mantine/dates/styles.css';
import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import 'dayjs/locale/ar-sa';
import 'dayjs/locale/da';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import { useTranslation } from 'react-i18next';
import { isIsoDay, type IsoDay } from '@/admin/lib/dates';
import { adminFormat } from '@/admin/lib/format';

/** dayjs's locale for each interface language (month and weekday names in the calendar). */
export const DAYJS_LOCALE: Record<string, string> = {
  en: 'en-gb',
  es: 'es',
  da: 'da',
  ar: 'ar-sa',
  de: 'de',
  nb: 'nb',
  sv: 'sv',
};

/**
 * Reads a typed day: YYYY-MM-DD, or day, month and year in that order (28-11-2026, 28/11/2026,
 * 28.11.2026: how every interface language writes a numeric date); null when it is not a real day.
 */
export function parseTypedDay(text: string): IsoDay | null {
  const value = text.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  let day: string | undefined;
  if (m) day = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\.?$/.exec(value);
  if (m) day = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return day && isIsoDay(day) ? day : null;
}

/** The language's date settings for Mantine's pickers: dayjs locale and first day of the week. */
export function datesSettings(language: string) {
  return { locale: DAYJS_LOCALE[language] ?? 'en-gb', firstDayOfWeek: language === 'ar' ? 6 : 1 } as const;
}

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate' | 'defaultValue'> {
  /** The chosen day (YYYY-MM-DD), or '' / null for none. */
  value: IsoDay | '' | null;
  /** Called with the day picked or typed (YYYY-MM-DD), or null when cleared. */
  onChange: (day: IsoDay | null) => void;
  minDate?: IsoDay;
  maxDate?: IsoDay;
}

/**
 * One date field of the back office (issue 25): shows the day as the chosen interface language writes it
 * (the back office formatter's day: "28 Nov 2026", "28 nov 2026", "28 نوفمبر 2026"), whatever the
 * browser's own locale, with Mantine's calendar in that language; accepts a typed day as
 * day-month-year or YYYY-MM-DD. Replaces the native <input type="date">, which writes mm/dd/yyyy in a US
 * browser even when the back office is in Spanish.
 */
export function DateField({ value, onChange, minDate, maxDate, popoverProps, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = adminFormat(language, {});
  return (
    <DatesProvider settings={datesSettings(language)}>
      <DateInput
        {...rest}
        value={value || null}
        onChange={(day) => onChange(day ? String(day).slice(0, 10) : null)}
        minDate={minDate}
        maxDate={maxDate}
        valueFormat={(day: string) => format.day(String(day).slice(0, 10))}
        dateParser={parseTypedDay}
        popoverProps={{ withinPortal: true, ...popoverProps }}
        ariaLabels={{
          nextMonth: t('dates.nextMonth'),
          previousMonth: t('dates.previousMonth'),
          nextYear: t('dates.nextYear'),
          previousYear: t('dates.previousYear'),
          nextDecade: t('dates.nextDecade'),
          previousDecade: t('dates.previousDecade'),
        }}
      />
    </DatesProvider>
  );
}
