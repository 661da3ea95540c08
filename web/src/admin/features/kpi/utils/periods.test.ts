import { currentPeriod, isDay, kpiDate, periodLength, periodPair, previousPeriod, rangeProblem } from '@/admin/features/kpi/utils/periods';
import { todayIn } from '@/admin/lib/dates';

describe('currentPeriod', () => {
  it.each([
    // kind, today, start, end
    ['TODAY', '2026-11-24', '2026-11-24', '2026-11-24'],
    ['WEEK', '2026-11-24', '2026-11-23', '2026-11-29'], // a Tuesday
    ['WEEK', '2026-11-23', '2026-11-23', '2026-11-29'], // a Monday starts its own week
    ['WEEK', '2026-11-29', '2026-11-23', '2026-11-29'], // a Sunday ends the week begun the Monday before
    ['WEEK', '2026-01-01', '2025-12-29', '2026-01-04'], // a week across the new year
    ['MONTH', '2026-11-24', '2026-11-01', '2026-11-30'],
    ['MONTH', '2026-12-31', '2026-12-01', '2026-12-31'],
    ['MONTH', '2026-02-10', '2026-02-01', '2026-02-28'],
    ['MONTH', '2028-02-10', '2028-02-01', '2028-02-29'], // leap year
    ['YEAR', '2026-11-24', '2026-01-01', '2026-12-31'],
  ] as const)('%s on %s is %s to %s', (kind, today, start, end) => {
    expect(currentPeriod(kind, today)).toEqual({ start, end });
  });

  it('takes a custom range as it is, and refuses one that ends before it starts', () => {
    expect(currentPeriod('RANGE', '2026-11-24', { start: '2026-10-03', end: '2026-10-09' })).toEqual({
      start: '2026-10-03',
      end: '2026-10-09',
    });
    expect(() => currentPeriod('RANGE', '2026-11-24', { start: '2026-10-09', end: '2026-10-03' })).toThrow(RangeError);
    expect(() => currentPeriod('RANGE', '2026-11-24')).toThrow(RangeError);
  });
});

describe('previousPeriod', () => {
  it.each([
    // period, previous
    [{ start: '2026-11-24', end: '2026-11-24' }, { start: '2026-11-23', end: '2026-11-23' }],
    [{ start: '2026-11-23', end: '2026-11-29' }, { start: '2026-11-16', end: '2026-11-22' }],
    [{ start: '2026-03-01', end: '2026-03-31' }, { start: '2026-01-29', end: '2026-02-28' }], // 31 days back
    [{ start: '2028-03-01', end: '2028-03-31' }, { start: '2028-01-30', end: '2028-02-29' }], // leap February
    [{ start: '2027-01-01', end: '2027-12-31' }, { start: '2026-01-01', end: '2026-12-31' }],
    [{ start: '2029-01-01', end: '2029-12-31' }, { start: '2028-01-02', end: '2028-12-31' }], // 365 days before 2029
    [{ start: '2026-01-01', end: '2026-01-01' }, { start: '2025-12-31', end: '2025-12-31' }],
  ])('%o comes after %o', (period, previous) => {
    expect(previousPeriod(period)).toEqual(previous);
    expect(periodLength(previous)).toBe(periodLength(period));
  });
});

describe('periodPair', () => {
  it('gives the week and the week before when today is Sunday', () => {
    expect(periodPair('WEEK', '2026-11-29')).toEqual({
      current: { start: '2026-11-23', end: '2026-11-29' },
      previous: { start: '2026-11-16', end: '2026-11-22' },
      compare: 'week',
    });
  });

  it('compares a week to date with the same weekdays of the week before', () => {
    expect(periodPair('WEEK', '2026-11-26')).toEqual({
      current: { start: '2026-11-23', end: '2026-11-26' },
      previous: { start: '2026-11-16', end: '2026-11-19' },
      compare: 'week',
    });
  });

  it('compares a month to date with the same days of the previous month, not the days just before', () => {
    expect(periodPair('MONTH', '2026-11-27')).toEqual({
      current: { start: '2026-11-01', end: '2026-11-27' },
      previous: { start: '2026-10-01', end: '2026-10-27' },
      compare: 'month',
    });
  });

  it('compares a whole month with the whole previous one, a leap February included', () => {
    expect(periodPair('MONTH', '2028-03-31').previous).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodPair('MONTH', '2028-03-30').previous).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodPair('MONTH', '2026-11-30').previous).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(periodPair('MONTH', '2027-01-15').previous).toEqual({ start: '2026-12-01', end: '2026-12-15' });
  });

  it('compares a year to date with the same days of the previous year', () => {
    expect(periodPair('YEAR', '2028-07-01')).toEqual({
      current: { start: '2028-01-01', end: '2028-07-01' },
      previous: { start: '2027-01-01', end: '2027-07-01' },
      compare: 'year',
    });
    expect(periodPair('YEAR', '2028-02-29').previous).toEqual({ start: '2027-01-01', end: '2027-02-28' });
  });

  it('compares a custom range with as many days just before it, cut to today', () => {
    expect(periodPair('RANGE', '2026-11-27', { start: '2026-11-10', end: '2026-11-16' })).toEqual({
      current: { start: '2026-11-10', end: '2026-11-16' },
      previous: { start: '2026-11-03', end: '2026-11-09' },
      compare: 'before',
    });
    expect(periodPair('RANGE', '2026-11-27', { start: '2026-11-20', end: '2026-12-10' })).toEqual({
      current: { start: '2026-11-20', end: '2026-11-27' },
      previous: { start: '2026-11-12', end: '2026-11-19' },
      compare: 'before',
    });
  });

  it('compares today with yesterday', () => {
    expect(periodPair('TODAY', '2026-03-01')).toEqual({
      current: { start: '2026-03-01', end: '2026-03-01' },
      previous: { start: '2026-02-28', end: '2026-02-28' },
      compare: 'before',
    });
  });
});

describe('rangeProblem', () => {
  it('accepts a start equal to or before the end and refuses the rest', () => {
    expect(rangeProblem({ start: '2026-11-01', end: '2026-11-01' })).toBeUndefined();
    expect(rangeProblem({ start: '2026-11-01', end: '2026-11-30' })).toBeUndefined();
    expect(rangeProblem({ start: '2026-11-30', end: '2026-11-01' })).toBe('order');
    expect(rangeProblem({ start: '2026-02-30', end: '2026-03-01' })).toBe('invalid');
    expect(rangeProblem({ start: '', end: '2026-03-01' })).toBe('invalid');
  });
});

describe('days', () => {
  it('knows real days', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
  });

  it('takes today in the company time zone, not the browser one', () => {
    const lateEvening = new Date('2026-11-29T23:30:00Z'); // Sunday night in London, Monday in Madrid
    expect(todayIn('Europe/London', lateEvening)).toBe('2026-11-29');
    expect(todayIn('Europe/Madrid', lateEvening)).toBe('2026-11-30');
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2026-11-29');
  });

  it('writes KPI dates as the day at midnight UTC', () => {
    expect(kpiDate('2026-11-24')).toBe('2026-11-24T00:00:00Z');
  });
});
