import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

/** Reads a typed hour as "HH:mm" (24 hours): "9:30", "09:30", "9.30", "0930"; null when it is not one. */
export function parseTypedTime(text: string): string | null {
  const m = /^(\d{1,2})[:.]?(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${m[2]}`;
}

export interface TimeFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The hour, "HH:mm" (24 hours). */
  value: string;
  /** Called with a complete hour "HH:mm" as soon as the typed text is one. */
  onChange: (value: string) => void;
}

/**
 * A back-office hour field (issue 25): always 24 hours, "HH:mm", in every interface language, whatever the
 * browser's locale. The native <input type="time"> writes "10:00 AM" in a US browser even when the back
 * office is in Spanish, and all seven interface languages write hours on 24. A typed text that is not an
 * hour is left as typed while the field has the focus and put back to the last hour on leaving it.
 */
export function TimeField({ value, onChange, onBlur, onFocus, ...rest }: TimeFieldProps) {
  const [typed, setTyped] = useState<string>();
  return (
    <TextInput
      {...rest}
      dir="ltr"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      placeholder="00:00"
      value={typed ?? value}
      onFocus={(e) => {
        setTyped(value);
        onFocus?.(e);
      }}
      onChange={(e) => {
        const text = e.currentTarget.value;
        setTyped(text);
        const hour = parseTypedTime(text);
        if (hour !== null && hour !== value) onChange(hour);
      }}
      onBlur={(e) => {
        setTyped(undefined);
        onBlur?.(e);
      }}
    />
  );
}
