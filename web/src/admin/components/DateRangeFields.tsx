import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/admin/components/DateField';
import { addDays, adminDayBounds, todayIn, type DayBounds, type DayRange, type IsoDay } from '@/admin/lib/dates';

export { parseTypedDay } from '@/admin/components/DateField';

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
 * Two labelled date fields, start and end (admin spec section 5): written as the interface language writes
 * dates (DateField), typed (day-month-year or YYYY-MM-DD) or picked from a calendar with the keyboard; within three
 * years back and the end of next year; the end never before the start nor, with maxDays, too far after it.
 */
export function DateRangeFields({ value, onChange, timeZone, maxDays, bounds, disabled }: DateRangeFieldsProps) {
  const { t } = useTranslation('admin');
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

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateField
        label={t('dates.start')}
        value={value.start}
        onChange={changeStart}
        minDate={min}
        maxDate={max}
        disabled={disabled}
      />
      <DateField
        label={t('dates.end')}
        value={value.end}
        onChange={changeEnd}
        minDate={value.start > min ? value.start : min}
        maxDate={endMax}
        disabled={disabled}
      />
    </Group>
  );
}

function minDay(a: IsoDay, b: IsoDay): IsoDay {
  return a < b ? a : b;
}
