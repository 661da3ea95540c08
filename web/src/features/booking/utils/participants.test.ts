import { companyMaxParticipants, counterState, productMinimum } from '@/features/booking/utils/participants';

const product = (data: object = {}, stock: number | null = null) => ({ data: JSON.stringify(data), stock });

describe('participant counter', () => {
  it('uses the company maximum, 12 when negative', () => {
    expect(companyMaxParticipants(10)).toBe(10);
    expect(companyMaxParticipants(-1)).toBe(12);
    expect(counterState(1, null, -1).max).toBe(12);
    expect(counterState(1, product(), 8).max).toBe(8);
  });

  it('uses the product stock as the maximum when it has one', () => {
    expect(counterState(1, product({}, 5), 12).max).toBe(5);
    expect(counterState(5, product({}, 5), 12).canIncrement).toBe(false);
    expect(counterState(4, product({}, 5), 12).canIncrement).toBe(true);
    expect(counterState(12, product(), 12).canIncrement).toBe(false);
  });

  it('never goes below 1', () => {
    const state = counterState(1, product(), 12);
    expect(state.min).toBe(1);
    expect(state.canDecrement).toBe(false);
    expect(counterState(2, product(), 12).canDecrement).toBe(true);
  });

  it("disables minus below a product's minParticipant", () => {
    expect(productMinimum(product({ minParticipant: 4 }))).toBe(4);
    expect(productMinimum(product({ minParticipant: 1 }))).toBe(1);
    expect(productMinimum(product({ minParticipant: 0 }))).toBe(1);
    expect(counterState(4, product({ minParticipant: 4 }), 12).canDecrement).toBe(false);
    expect(counterState(5, product({ minParticipant: 4 }), 12).canDecrement).toBe(true);
    expect(counterState(2, product({ minParticipant: 4 }), 12).canDecrement).toBe(false);
  });

  it.each([
    [0, product(), 'noDrivers'],
    [2, null, 'noProduct'],
    [3, product({ minParticipant: 4 }), 'belowMinimum'],
    [6, product({}, 5), 'aboveStock'],
    [4, product({ minParticipant: 4 }), null],
    [5, product({}, 5), null],
  ] as const)('count %d blocks Next with %s', (count, p, problem) => {
    expect(counterState(count, p, 12).problem).toBe(problem);
  });
});
