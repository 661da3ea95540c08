import { Group, Input } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '@/admin/components/DateField';
import { TimeField } from '@/admin/components/TimeField';

export interface DateTimeFieldProps {
  /** The day's field label; the hour's field is named by `timeLabel`. */
  label: string;
  timeLabel: string;
  /** A circuit-local "YYYY-MM-DDTHH:mm", or '' for none. */
  value: string;
  /** Called with "YYYY-MM-DDTHH:mm" once both parts are there, '' while one is missing. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  withAsterisk?: boolean;
}

/**
 * A day and an hour (issue 25), in place of the native <input type="datetime-local">, which writes
 * mm/dd/yyyy and AM/PM in a US browser whatever the back office's language: the day as DateField writes
 * it in the interface language, the hour on 24 hours.
 */
export function DateTimeField({ label, timeLabel, value, onChange, onBlur, error, withAsterisk }: DateTimeFieldProps) {
  const [day, setDay] = useState(() => value.slice(0, 10));
  const [hour, setHour] = useState(() => value.slice(11, 16));
  const send = (d: string, h: string) => onChange(d && h ? `${d}T${h}` : '');
  return (
    <Input.Wrapper error={error}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <DateField
          label={label}
          withAsterisk={withAsterisk}
          value={day}
          onChange={(d) => {
            setDay(d ?? '');
            send(d ?? '', hour);
          }}
          onBlur={onBlur}
          error={Boolean(error)}
          style={{ flex: 1 }}
        />
        <TimeField
          aria-label={timeLabel}
          label={timeLabel}
          value={hour}
          onChange={(h) => {
            setHour(h);
            send(day, h);
          }}
          onBlur={onBlur}
          error={Boolean(error)}
          w={90}
        />
      </Group>
    </Input.Wrapper>
  );
}
