import { addYears, formatDay, formatHour, formatPrice } from '@/features/booking/utils/format';

// Intl puts no-break spaces between number and symbol; compare with plain spaces.
const price = (...args: Parameters<typeof formatPrice>) => formatPrice(...args).replace(/\s/g, ' ');

describe('formatting', () => {
  it('shows prices with two decimals and the company symbol in the visitor locale', () => {
    expect(price(22, '€', 'en', 'EUR')).toBe('€22.00');
    expect(price(22, '€', 'es', 'EUR')).toBe('22,00 €');
    expect(price(1999.5, 'kr.', 'da', 'DKK')).toBe('1.999,50 kr.');
    expect(price(19.999, '€', 'en', 'EUR')).toBe('€20.00');
    expect(price(5, 'X', 'en')).toBe('5.00 X');
  });

  it('writes dates DD-MM-YYYY in Spanish, YYYY-MM-DD otherwise', () => {
    expect(formatDay('2026-11-23 10:00:00', 'es')).toBe('23-11-2026');
    expect(formatDay('2026-11-23 10:00:00', 'en')).toBe('2026-11-23');
    expect(formatDay('2026-11-23', 'da')).toBe('2026-11-23');
    expect(formatHour('2026-11-23 10:15:00')).toBe('10:15');
    expect(formatHour('09:30:00')).toBe('09:30');
  });

  it('moves dates by years', () => {
    expect(addYears('2026-11-22', -80)).toBe('1946-11-22');
  });
});
