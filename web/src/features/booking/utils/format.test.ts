import { addDays, addYears, todayISO } from '@/features/booking/utils/format';

describe('calendar days', () => {
  it('moves dates by days and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addYears('2026-11-22', -80)).toBe('1946-11-22');
  });

  it("takes today's date from the visitor's clock", () => {
    expect(todayISO(new Date(2026, 10, 5, 23, 59))).toBe('2026-11-05');
  });
});
