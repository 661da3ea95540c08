import '@mantine/dates/styles.css';
import { Group } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ar-sa';
import 'dayjs/locale/da';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  adminDayBounds,
  isIsoDay,
  todayIn,
  type DayBounds,
  type DayRange,
  type IsoDay,
} from '@/admin/lib/dates';
import { formatDay } from '@/lib/format';

/** dayjs's locale for each interface language (month and weekday names in the calendar). */
const DAYJS_LOCALE: Record<string, string> = {
  en: 'en-gb',
  es: 'es',
  da: 'da',
  ar: 'ar-sa',
  de: 'de',
  nb: 'nb',
  sv: 'sv',
};

/**
 * Reads a typed day: YYYY-MM-DD, or DD-MM-YYYY as Spanish writes it (with '-', '/' or '.' between the
 * parts); null when it is not a real day.
 */
export function parseTypedDay(text: string): IsoDay | null {
  const value = text.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  let day: string | undefined;
  if (m) day = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (m) day = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return day && isIsoDay(day) ? day : null;
}

export interface DateRangeFieldsProps {
  /** The chosen days (YYYY-MM-DD, in the company's time zone). */
  value: DayRange;
  /** Called with the new range; the end follows the start when the start passes it or the range grows too long. */
  onChange: (range: DayRange) => void;
  /** The company's IANA time zone: "today", and so the bounds (admin spec section 5), are its own. */
  timeZone: string;
  /** The longest range in days, both ends included (bookings: maxRangeDays(company.maxDaysBooking)). */
  maxDays?: number;
  /** Other bounds than the admin default (three years back to the end of next year). */
  bounds?: DayBounds;
  disabled?: boolean;
}

/**
 * Two labelled date fields, start and end (admin spec section 5): typed (DD-MM-YYYY in Spanish, YYYY-MM-DD
 * otherwise, as the customer pages write dates) or picked from a calendar with the keyboard; within three
 * years back and the end of next year; the end never before the start nor, with maxDays, too far after it.
 */
export function DateRangeFields({ value, onChange, timeZone, maxDays, bounds, disabled }: DateRangeFieldsProps) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { min, max } = bounds ?? adminDayBounds(todayIn(timeZone));
  const endMax = maxDays ? minDay(max, addDays(value.start, maxDays - 1)) : max;

  const changeStart = (start: IsoDay | null) => {
    if (!start) return;
    let end = value.end < start ? start : value.end;
    if (maxDays && end > addDays(start, maxDays - 1)) end = addDays(start, maxDays - 1);
    onChange({ start, end: minDay(end, max) });
  };
  const changeEnd = (end: IsoDay | null) => {
    if (end) onChange({ start: value.start, end });
  };

  const common = {
    valueFormat: (day: string) => formatDay(day, language),
    dateParser: parseTypedDay,
    placeholder: language === 'es' ? 'DD-MM-YYYY' : 'YYYY-MM-DD',
    disabled,
    popoverProps: { withinPortal: true },
    ariaLabels: {
      nextMonth: t('dates.nextMonth'),
      previousMonth: t('dates.previousMonth'),
      nextYear: t('dates.nextYear'),
      previousYear: t('dates.previousYear'),
      nextDecade: t('dates.nextDecade'),
      previousDecade: t('dates.previousDecade'),
    },
  };

  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[language] ?? 'en-gb', firstDayOfWeek: language === 'ar' ? 6 : 1 }}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateInput
          {...common}
          label={t('dates.start')}
          value={value.start}
          onChange={changeStart}
          minDate={min}
          maxDate={max}
        />
        <DateInput
          {...common}
          label={t('dates.end')}
          value={value.end}
          onChange={changeEnd}
          minDate={value.start > min ? value.start : min}
          maxDate={endMax}
        />
      </Group>
    </DatesProvider>
  );
}

function minDay(a: IsoDay, b: IsoDay): IsoDay {
  return a < b ? a : b;
}
