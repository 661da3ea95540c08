import { gridBounds, localNowIn, nextEvent, scrollTimeOf, viewWindow } from '@/admin/features/events/utils/calendar';

describe('events calendar grid', () => {
  it('draws rows of 15 minutes for short sessions and of 30 otherwise, never 8', () => {
    expect(gridBounds(15, '10:00', '22:00').slotDuration).toBe('00:15:00');
    expect(gridBounds(16, '10:00', '22:00').slotDuration).toBe('00:15:00');
    expect(gridBounds(30, '10:00', '22:00').slotDuration).toBe('00:30:00');
    expect(gridBounds(90, '10:00', '22:00').slotDuration).toBe('00:30:00');
    expect(gridBounds(0, '10:00', '22:00').slotDuration).toBe('00:30:00');
  });

  it('runs from opening to closing, widened to whole hours so that an evening event is not cut off', () => {
    expect(gridBounds(15, '10:00', '22:00')).toMatchObject({ slotMinTime: '10:00:00', slotMaxTime: '22:00:00' });
    expect(gridBounds(15, '10:00', '00:00')).toMatchObject({ slotMinTime: '10:00:00', slotMaxTime: '24:00:00' });
    const late = [{ dateStart: '2026-12-04 22:15:00', dateEnd: '2026-12-04 23:20:00' }];
    expect(gridBounds(15, '10:00', '22:00', late)).toMatchObject({ slotMinTime: '10:00:00', slotMaxTime: '24:00:00' });
    const early = [{ dateStart: '2026-12-04 07:30:00', dateEnd: '2026-12-05 01:00:00' }];
    expect(gridBounds(15, '10:00', '22:00', early)).toMatchObject({ slotMinTime: '07:00:00', slotMaxTime: '24:00:00' });
  });

  it('opens on the next event still to end, and scrolls to the hour before it starts', () => {
    const events = [
      { id: 3, dateStart: '2026-12-20 19:00:00', dateEnd: '2026-12-20 21:00:00' },
      { id: 1, dateStart: '2026-11-01 10:00:00', dateEnd: '2026-11-01 12:00:00' },
      { id: 2, dateStart: '2026-11-28 18:00:00', dateEnd: '2026-11-28 20:00:00' },
    ];
    expect(nextEvent(events, '2026-11-28 15:00:00')?.id).toBe(2);
    expect(nextEvent(events, '2026-11-28 19:00:00')?.id).toBe(2);
    expect(nextEvent(events, '2026-11-28 20:30:00')?.id).toBe(3);
    expect(nextEvent(events, '2027-01-01 00:00:00')).toBeNull();
    expect(scrollTimeOf('2026-12-20 19:30:00')).toBe('18:00:00');
    expect(scrollTimeOf('2026-12-20 00:30:00')).toBe('00:00:00');
  });

  it('asks for the days a view shows', () => {
    expect(viewWindow(new Date(2026, 10, 30), new Date(2026, 11, 7))).toEqual({ date: '2026-11-30', dateEnd: '2026-12-06' });
  });
});

describe('localNowIn', () => {
  it('writes the wall-clock time of the circuit', () => {
    const instant = new Date(Date.UTC(2026, 10, 28, 23, 30, 5));
    expect(localNowIn('Europe/Madrid', instant)).toBe('2026-11-29 00:30:05');
    expect(localNowIn('UTC', instant)).toBe('2026-11-28 23:30:05');
  });
});
