import { completeDay, draftOverlaps, overlappingRow, readDynamic, writeDynamic } from '@/admin/features/catalog/utils/dynamic';

const row = (from: string, to: string, price = '1') => ({ from, to, price });

describe('dynamic prices', () => {
  it('refuses rows before opening, after closing, overlapping or backwards (overlappingHours)', () => {
    expect(overlappingRow([row('08:00', '14:00'), row('14:00', '23:00')], '08:00', '23:00')).toBe(-1);
    expect(overlappingRow([row('07:30', '14:00')], '08:00', '23:00')).toBe(0);
    expect(overlappingRow([row('08:00', '23:30')], '08:00', '23:00')).toBe(0);
    expect(overlappingRow([row('08:00', '14:00'), row('13:00', '20:00')], '08:00', '23:00')).toBe(1);
    expect(overlappingRow([row('15:00', '12:00')], '08:00', '23:00')).toBe(0);
    expect(overlappingRow([row('20:00', '00:00')], '08:00', '00:00')).toBe(-1);
    expect(overlappingRow([row('00:00', '00:00')], '08:00', '23:00')).toBe(0);
    expect(draftOverlaps({ days: { SA: [row('18:00', '22:00')] }, dates: [{ date: '2026-12-24', rows: [row('06:00', '09:00')] }] }, '08:00', '23:00')).toBe(true);
  });

  it('writes the spec object into data, keeping other keys, and reads it back', () => {
    const data = writeDynamic('{"oldPrice":30}', {
      days: { SA: [row('18:00', '23:00', '32,5')] },
      dates: [{ date: '2026-12-24', rows: [row('10:00', '14:00', '40')] }],
    });
    expect(JSON.parse(data)).toEqual({
      oldPrice: 30,
      dynamicPrice: { SA: { prices: [{ from: '18:00', to: '23:00', price: 32.5 }] }, exceptionalDays: { '2026-12-24': [{ from: '10:00', to: '14:00', price: 40 }] } },
    });
    const back = readDynamic(data);
    expect(back.days.SA).toEqual([row('18:00', '23:00', '32.5')]);
    expect(back.days.MO).toBeUndefined();
    expect(back.dates).toEqual([{ date: '2026-12-24', rows: [row('10:00', '14:00', '40')] }]);
  });

  it("'complete day' spans the opening hours with the first price, or 1", () => {
    expect(completeDay([row('10:00', '12:00', '7'), row('12:00', '13:00', '9')], '08:00', '23:00')).toEqual([row('08:00', '23:00', '7')]);
    expect(completeDay([], '08:00', '23:00')).toEqual([row('08:00', '23:00', '1')]);
  });
});
