import { amountAllowed, parseAmount, refundBlock, toHundredths, type SaleRow } from '@/admin/features/billing/utils/refund';
import { saleRow } from '@/admin/features/billing/test/fixtures';

describe('refundBlock', () => {
  it('lets a paid sale with something left be refunded', () => {
    expect(refundBlock(saleRow())).toBeUndefined();
  });

  it.each<[string, Partial<SaleRow>, string]>([
    ['a negative line', { priceConverted: -10, refundable: 0 }, 'refundRow'],
    ['a REFUND type row', { type: 'REFUND', refundable: 5 }, 'refundRow'],
    ['nothing left to refund', { refundable: 0, shopping_cart: { ...saleRow().shopping_cart, state: 'REFUNDED' } }, 'nothingLeft'],
  ])('blocks %s', (_, change, reason) => {
    expect(refundBlock({ ...saleRow(), ...change })).toBe(reason);
  });

  it.each(['refundsOff', 'sessionStarted', 'windowClosed', 'fullyRefunded', 'nothingPaid'] as const)(
    "gives the server's reason %s, even with an amount left",
    (reason) => {
      expect(refundBlock({ ...saleRow(), refundable: 156, refundBlocked: reason })).toBe(reason);
    },
  );

  it('blocks a row whose cart is in REFUND state', () => {
    const row = saleRow();
    expect(refundBlock({ ...row, shopping_cart: { ...row.shopping_cart, state: 'REFUND' } })).toBe('refundRow');
  });
});

describe('refund amounts', () => {
  it('reads amounts with up to two decimals, with a point or a comma', () => {
    expect(parseAmount('12')).toBe(12);
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount('12,05')).toBe(12.05);
    expect(parseAmount('12.345')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('-3')).toBeUndefined();
    expect(parseAmount('abc')).toBeUndefined();
  });

  it('allows more than 0 and up to what is left', () => {
    expect(amountAllowed(0, 40)).toBe(false);
    expect(amountAllowed(0.01, 40)).toBe(true);
    expect(amountAllowed(40, 40)).toBe(true);
    expect(amountAllowed(40.01, 40)).toBe(false);
    expect(amountAllowed(undefined, 40)).toBe(false);
    expect(amountAllowed(0.3, 0.1 + 0.2)).toBe(true); // floating point does not refuse the exact amount
  });

  it('sends hundredths', () => {
    expect(toHundredths(12.34)).toBe(1234);
    expect(toHundredths(0.29)).toBe(29);
  });
});
