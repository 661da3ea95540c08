import {
  canMarkAnother,
  EMPTY_SELECTION,
  freePlaces,
  markedTimes,
  occupancyColor,
  packChain,
  packPrice,
  selectionFromHolds,
  selectionReducer,
  slotInterval,
  slotStatus,
  stockLeft,
  type Selection,
  type Slot,
} from '@/features/booking/utils/slots';

function slot(startTime: string, overrides: Partial<Slot> = {}): Slot {
  return {
    startTime,
    usersAvailable: 12,
    maxParticipants: 12,
    idPack: null,
    idProduct: 1,
    price: 22,
    available: true,
    ...overrides,
  };
}

const status = (s: Slot, selection: Selection = EMPTY_SELECTION, drivers = 2, left: number | null = null) =>
  slotStatus(s, { drivers, selection, stockLeft: left });

describe('occupancy colour', () => {
  it.each([
    [12, 12, 'green'], // 0 %
    [9, 12, 'green'], // 25 %: green at 25 % or less
    [8, 12, 'amber'], // 33 %
    [4, 12, 'amber'], // 67 %
    [3, 12, 'red'], // 75 %: red at 75 % or more
    [0, 12, 'red'],
    [3, 4, 'green'], // 25 %
    [1, 4, 'red'], // 75 %
    [5, 0, 'red'], // no capacity
  ] as const)('%d free of %d is %s', (free, capacity, color) => {
    expect(occupancyColor(free, capacity)).toBe(color);
  });
});

describe('slot status', () => {
  it('is SKELETON while loading', () => {
    expect(slotStatus(slot('10:00:00'), { drivers: 1, selection: EMPTY_SELECTION, stockLeft: null, loading: true })).toBe(
      'SKELETON',
    );
  });

  it('is AVAILABLE with enough free places', () => {
    expect(status(slot('10:00:00', { usersAvailable: 2 }))).toBe('AVAILABLE');
  });

  it('is UNAVAILABLE with fewer free places than drivers, or when the server says so', () => {
    expect(status(slot('10:00:00', { usersAvailable: 1 }))).toBe('UNAVAILABLE');
    expect(status(slot('10:00:00', { available: false }))).toBe('UNAVAILABLE');
  });

  it("is UNAVAILABLE when the product's stock left is short", () => {
    expect(status(slot('10:00:00'), EMPTY_SELECTION, 2, 1)).toBe('UNAVAILABLE');
    expect(status(slot('10:00:00'), EMPTY_SELECTION, 2, 2)).toBe('AVAILABLE');
    expect(stockLeft(10, 2, 4)).toBe(2);
    expect(stockLeft(null, 2, 4)).toBeNull();
  });

  it('goes AVAILABLE → PROCESSING → MARKED → AVAILABLE', () => {
    const s = slot('10:00:00');
    let sel = selectionReducer(EMPTY_SELECTION, { type: 'request', time: '10:00:00' });
    expect(status(s, sel)).toBe('PROCESSING');
    sel = selectionReducer(sel, { type: 'held', time: '10:00:00', identifier: 'pb1' });
    expect(status(s, sel)).toBe('MARKED');
    expect(sel.marked).toEqual({ '10:00:00': 'pb1' });
    sel = selectionReducer(sel, { type: 'release', time: '10:00:00' });
    expect(status(s, sel)).toBe('AVAILABLE');
  });

  it('goes back to AVAILABLE when the request fails', () => {
    const s = slot('10:00:00');
    let sel = selectionReducer(EMPTY_SELECTION, { type: 'request', time: '10:00:00' });
    sel = selectionReducer(sel, { type: 'failed', time: '10:00:00' });
    expect(status(s, sel)).toBe('AVAILABLE');
  });

  it('ignores a second request for a session already pending or marked', () => {
    const sel = selectionReducer(EMPTY_SELECTION, { type: 'request', time: '10:00:00' });
    expect(selectionReducer(sel, { type: 'request', time: '10:00:00' })).toBe(sel);
  });

  it('shows a marked session with the visitor’s drivers taken off the free places', () => {
    expect(freePlaces(slot('10:00:00', { usersAvailable: 12 }), true, 3)).toBe(9);
    expect(freePlaces(slot('10:00:00', { usersAvailable: 12 }), false, 3)).toBe(12);
  });
});

describe('maximum of sessions', () => {
  it('allows marking until maxSlotsBooking', () => {
    expect(canMarkAnother(0, 3)).toBe(true);
    expect(canMarkAnother(2, 3)).toBe(true);
    expect(canMarkAnother(3, 3)).toBe(false);
    expect(canMarkAnother(0, 0)).toBe(true); // at least one
  });
});

describe('pack selection', () => {
  const day = ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30'].map((t) => slot(`${t}:00`, { price: 79 }));
  const available = (s: Slot) => status(s) === 'AVAILABLE';

  it('reads the interval from the sessions', () => {
    expect(slotInterval(day)).toBe(15);
    expect(slotInterval([slot('10:00:00')])).toBe(0);
  });

  it('marks the following sessions spaced gapSlots + 1 until all sub-products are covered', () => {
    expect(packChain(day, '10:00:00', 3, 1, available)).toEqual({ ok: true, times: ['10:00:00', '10:30:00', '11:00:00'] });
    expect(packChain(day, '10:15:00', 3, 0, available)).toEqual({ ok: true, times: ['10:15:00', '10:30:00', '10:45:00'] });
  });

  it('warns and marks nothing when a needed session is missing', () => {
    expect(packChain(day, '11:00:00', 3, 1, available)).toEqual({ ok: false, reason: 'missing', time: '12:00:00' });
  });

  it('warns and marks nothing when a needed session is unavailable', () => {
    const busy = day.map((s) => (s.startTime === '10:30:00' ? { ...s, usersAvailable: 0 } : s));
    expect(packChain(busy, '10:00:00', 3, 1, available)).toEqual({ ok: false, reason: 'unavailable', time: '10:30:00' });
  });

  it('marks and unmarks all the sessions at once', () => {
    let sel = selectionReducer(EMPTY_SELECTION, { type: 'markPack', times: ['10:00:00', '10:30:00', '11:00:00'] });
    expect(markedTimes(sel)).toEqual(['10:00:00', '10:30:00', '11:00:00']);
    expect(status(day[2], sel)).toBe('MARKED');
    sel = selectionReducer(sel, { type: 'clear' });
    expect(markedTimes(sel)).toEqual([]);
  });

  it('is priced at the highest session price', () => {
    expect(packPrice([{ price: 79 }, { price: 85 }, { price: 79 }])).toBe(85);
  });
});

describe('selection kept after a reload', () => {
  it('marks the start of each one-session hold on the day, and nothing of other days or packs', () => {
    const holds = [
      { identifier: 'a', bookingDates: ['2026-12-13 19:00:00'] },
      { identifier: 'b', bookingDates: ['2026-12-13 19:20:00'] },
      { identifier: 'c', bookingDates: ['2026-12-14 19:00:00'] },
      { identifier: 'p', bookingDates: ['2026-12-13 20:00:00', '2026-12-13 20:40:00'] },
    ];
    expect(selectionFromHolds(holds, '2026-12-13')).toEqual({ marked: { '19:00:00': 'a', '19:20:00': 'b' }, processing: [] });
    expect(selectionFromHolds(holds, '2026-12-15')).toEqual(EMPTY_SELECTION);
  });
});
