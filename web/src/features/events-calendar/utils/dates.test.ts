import { formatDay, formatHour, toCalendarTime, viewWindow } from '@/features/events-calendar/utils/dates';

describe('calendar dates', () => {
  it('formats the date DD-MM-YYYY in Spanish and YYYY-MM-DD otherwise', () => {
    expect(formatDay('2026-12-06 20:00:00', 'es')).toBe('06-12-2026');
    expect(formatDay('2026-12-06 20:00:00', 'en')).toBe('2026-12-06');
    expect(formatDay('2026-12-06 20:00:00', 'ar')).toBe('2026-12-06');
    expect(formatHour('2026-12-06 20:05:00')).toBe('20:05');
  });

  it('asks the API for the visible week, both ends included', () => {
    expect(viewWindow(new Date(2026, 10, 30), new Date(2026, 11, 7))).toEqual({ date: '2026-11-30', dateEnd: '2026-12-06' });
  });

  it('hands FullCalendar the circuit-local time unchanged', () => {
    expect(toCalendarTime('2026-12-06 20:00:00')).toBe('2026-12-06T20:00:00');
  });
});
