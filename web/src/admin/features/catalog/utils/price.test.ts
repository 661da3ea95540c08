import { parsePrice, priceText, typedPrice } from '@/admin/features/catalog/utils/price';

describe('the price field', () => {
  it('turns a trailing dot into a comma and keeps two decimals', () => {
    expect(typedPrice('12.')).toBe('12,');
    expect(typedPrice('12,5')).toBe('12,5');
    expect(typedPrice('12.505')).toBe('12.50');
    expect(typedPrice('1a2')).toBe('12');
    expect(typedPrice('-3')).toBe('3');
  });

  it('reads either separator and refuses what is not an amount', () => {
    expect(parsePrice('12,5')).toBe(12.5);
    expect(parsePrice('12,')).toBe(12);
    expect(parsePrice('12.25')).toBe(12.25);
    expect(parsePrice('')).toBeUndefined();
    expect(parsePrice(',')).toBeUndefined();
    expect(priceText(12.5)).toBe('12.50');
    expect(priceText(20)).toBe('20');
  });
});
