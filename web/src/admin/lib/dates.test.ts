import {
  addDays,
  adminDayBounds,
  defaultRange,
  isIsoDay,
  maxRangeDays,
  rangeLength,
  rangeProblem,
  todayIn,
  upcomingRange,
} from '@/admin/lib/dates';

describe('admin dates', () => {
  it('bounds the pickers from three years back to the end of next year', () => {
    expect(adminDayBounds('2026-11-24')).toEqual({ min: '2023-11-24', max: '2027-12-31' });
    expect(adminDayBounds('2028-02-29')).toEqual({ min: '2025-02-28', max: '2029-12-31' });
  });

  it("takes today in the company's time zone, not the browser's", () => {
    const now = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('Europe/Madrid', now)).toBe('2026-11-25');
    expect(todayIn('America/New_York', now)).toBe('2026-11-24');
  });

  it('counts and moves days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(rangeLength('2026-11-01', '2026-11-30')).toBe(30);
    expect(rangeLength('2026-03-28', '2026-03-30')).toBe(3); // across a clock change
  });

  it('allows at least 31 days whatever maxDaysBooking says', () => {
    expect(maxRangeDays(10)).toBe(31);
    expect(maxRangeDays(45)).toBe(45);
    expect(maxRangeDays(undefined)).toBe(31);
  });

  it('names what is wrong with a range', () => {
    const bounds = adminDayBounds('2026-11-24');
    expect(rangeProblem({ start: '2026-11-01', end: '2026-11-30' }, bounds, 31)).toBeUndefined();
    expect(rangeProblem({ start: '2026-11-30', end: '2026-11-01' }, bounds)).toBe('order');
    expect(rangeProblem({ start: '2020-01-01', end: '2020-01-02' }, bounds)).toBe('bounds');
    expect(rangeProblem({ start: '2026-01-01', end: '2026-03-01' }, bounds, 31)).toBe('length');
    expect(rangeProblem({ start: '2026-02-30', end: '2026-03-01' }, bounds)).toBe('invalid');
    expect(isIsoDay('2026-13-01')).toBe(false);
  });

  it('starts on the first of the month', () => {
    expect(defaultRange('2026-11-24')).toEqual({ start: '2026-11-01', end: '2026-11-24' });
  });

  it("opens the bookings on today up to the company's maxDaysBooking, within the query's longest range", () => {
    expect(upcomingRange('2026-11-24', 14)).toEqual({ start: '2026-11-24', end: '2026-12-08' });
    expect(upcomingRange('2026-11-24', 30)).toEqual({ start: '2026-11-24', end: '2026-12-24' });
    // 31 days ahead would be 32 days counted: the range stops at the 31 the query allows.
    expect(upcomingRange('2026-11-24', 31)).toEqual({ start: '2026-11-24', end: '2026-12-24' });
    const year = upcomingRange('2026-11-24', 366);
    expect(rangeLength(year.start, year.end)).toBe(maxRangeDays(366));
    expect(rangeProblem(year, adminDayBounds('2026-11-24'), maxRangeDays(366))).toBeUndefined();
    // Never past the pickers' last day (the end of next year).
    expect(upcomingRange('2026-11-24', 800).end).toBe('2027-12-31');
    expect(upcomingRange('2026-11-24', 0)).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    expect(upcomingRange('2026-11-24', undefined)).toEqual({ start: '2026-11-24', end: '2026-11-24' });
  });
});
