import { formatDay, formatDayHour, formatHour, formatPrice, isolate } from '@/lib/format';

// Intl puts no-break spaces between number and symbol; compare with plain spaces.
const price = (...args: Parameters<typeof formatPrice>) => formatPrice(...args).replace(/\s/g, ' ');

describe('formatPrice', () => {
  it('shows two decimals and the company symbol where the locale puts the currency sign', () => {
    expect(price(22, '€', 'en-GB', 'EUR')).toBe('€22.00');
    expect(price(22, '€', 'es-ES', 'EUR')).toBe('22,00 €');
    expect(price(1999.5, 'kr.', 'da-DK', 'DKK')).toBe('1.999,50 kr.');
    expect(price(19.999, '€', 'en', 'EUR')).toBe('€20.00');
  });

  it("keeps the locale's own sign when the company gives no symbol", () => {
    expect(price(45, '', 'es-ES', 'EUR')).toBe('45,00 €');
    expect(price(45, '', 'en-GB', 'GBP')).toBe('£45.00');
  });

  it('puts the symbol (else the code) after the number without a known currency code', () => {
    expect(price(5, 'X', 'en')).toBe('5.00 X');
    expect(price(5, '€', 'es-ES', 'euro')).toBe('5,00 €');
    expect(price(7.5, '', 'en', 'pts')).toBe('7.50 pts');
  });
});

describe('dates and hours', () => {
  it('writes dates DD-MM-YYYY in Spanish, YYYY-MM-DD in every other language', () => {
    expect(formatDay('2026-11-23 10:00:00', 'es')).toBe('23-11-2026');
    for (const code of ['en', 'da', 'ar', 'de', 'nb', 'sv']) expect(formatDay('2026-11-23 10:00:00', code)).toBe('2026-11-23');
    expect(formatDay('2026-11-23', 'es')).toBe('23-11-2026');
    expect(formatDay('soon', 'es')).toBe('soon');
  });

  it('writes hours HH:mm from a session start or a time', () => {
    expect(formatHour('2026-11-23 10:15:00')).toBe('10:15');
    expect(formatHour('09:30:00')).toBe('09:30');
    expect(formatDayHour('2026-11-23 18:05:00', 'es')).toBe('23-11-2026 18:05');
  });

  it('isolates a value so right-to-left text does not reorder it', () => {
    expect(isolate('2026-11-23')).toBe('\u20682026-11-23\u2069');
  });
});
