import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { DateRangeFields, parseTypedDay } from '@/admin/components/DateRangeFields';
import type { DayRange } from '@/admin/lib/dates';
import { adminFormat } from '@/admin/lib/format';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';

/** A day as the field shows it in a language (the back office formatter's day, no-break spaces and all). */
const shown = (language: string, day: string) => adminFormat(language, { timeZone: 'UTC', currency: '', simbolCoinType: '' }).day(day);

function Harness({ initial, maxDays, onChange }: { initial: DayRange; maxDays?: number; onChange: (r: DayRange) => void }) {
  const [range, setRange] = useState(initial);
  return (
    <DateRangeFields
      value={range}
      timeZone="Europe/Madrid"
      maxDays={maxDays}
      bounds={{ min: '2023-11-24', max: '2027-12-31' }}
      onChange={(r) => {
        setRange(r);
        onChange(r);
      }}
    />
  );
}

describe('DateRangeFields', () => {
  it('reads typed days in either order of parts', () => {
    expect(parseTypedDay('2026-11-05')).toBe('2026-11-05');
    expect(parseTypedDay('05-11-2026')).toBe('2026-11-05');
    expect(parseTypedDay('5/11/2026')).toBe('2026-11-05');
    expect(parseTypedDay('05.11.2026')).toBe('2026-11-05');
    expect(parseTypedDay('31-02-2026')).toBeNull();
    expect(parseTypedDay('tomorrow')).toBeNull();
  });

  it('shows labelled fields, written as the interface language writes dates (never ISO)', async () => {
    renderAdmin(<Harness initial={{ start: '2026-11-01', end: '2026-11-24' }} onChange={() => {}} />);
    expect(screen.getByLabelText('Start date')).toHaveValue(shown('en', '2026-11-01'));
    expect(shown('en', '2026-11-01').replace(/\u00a0/g, ' ')).toBe('1 Nov 2026');
    expect(screen.getByLabelText('End date')).toHaveValue(shown('en', '2026-11-24'));
    await i18n.changeLanguage('es');
    expect(await screen.findByLabelText('Fecha de inicio')).toHaveValue(shown('es', '2026-11-01'));
    expect(shown('es', '2026-11-01').replace(/\u00a0/g, ' ')).toBe('1 nov 2026');
  });

  it('moves the end with a start typed after it, within the longest range', async () => {
    const onChange = vi.fn();
    renderAdmin(<Harness initial={{ start: '2026-11-01', end: '2026-11-05' }} maxDays={31} onChange={onChange} />);
    const start = screen.getByLabelText('Start date');
    // Typed at once (change, then leaving the field): key by key, each keystroke re-draws the calendar.
    fireEvent.change(start, { target: { value: '2026-11-10' } });
    fireEvent.blur(start);
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-11-10', end: '2026-11-10' });
    expect(screen.getByLabelText('End date')).toHaveValue(shown('en', '2026-11-10'));
  });

  it('refuses a typed day outside the bounds', async () => {
    const onChange = vi.fn();
    renderAdmin(<Harness initial={{ start: '2026-11-01', end: '2026-11-05' }} onChange={onChange} />);
    const start = screen.getByLabelText('Start date');
    fireEvent.change(start, { target: { value: '2019-01-01' } });
    fireEvent.blur(start);
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ start: '2019-01-01' }));
    expect(start).toHaveValue(shown('en', '2026-11-01')); // put back on leaving the field
  });
});
