import { toCalendarTime, viewWindow } from '@/features/events-calendar/utils/dates';

describe('calendar dates', () => {
  it('asks the API for the visible week, both ends included', () => {
    expect(viewWindow(new Date(2026, 10, 30), new Date(2026, 11, 7))).toEqual({ date: '2026-11-30', dateEnd: '2026-12-06' });
  });

  it('hands FullCalendar the circuit-local time unchanged', () => {
    expect(toCalendarTime('2026-12-06 20:00:00')).toBe('2026-12-06T20:00:00');
  });
});
