import { formatDay, formatDayHour, formatHour, formatPrice, intlPrice, isolate, quickPrice } from '@/lib/format';

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

describe('formatPrice without Intl (the booking page quick path)', () => {
  const languages = ['en', 'es', 'da', 'ar', 'de', 'nb', 'sv'];
  const currencies = ['EUR', 'GBP', 'USD', 'DKK', 'SEK', 'NOK', 'CHF', undefined];
  const symbols = ['€', 'kr.', 'kr', 'DKK', '$', 'CHF'];
  const amounts = [0, 0.004, 0.005, 0.5, 1, 9.99, 12.5, 19.999, 99.995, 999, 999.994, 1000, 1234.5, 9999.99, 10000, 12345.67, 123456.7, 1234567.891, 98765432.1];

  it('writes every amount exactly as Intl does, in every language, currency and symbol it covers', () => {
    let covered = 0;
    for (const language of languages)
      for (const currency of currencies)
        for (const symbol of symbols)
          for (const amount of amounts) {
            const quick = quickPrice(amount, symbol, language, currency);
            expect(quick, `${language} ${currency} ${symbol} ${amount}`).toBeDefined();
            expect(quick, `${language} ${currency} ${symbol} ${amount}`).toBe(intlPrice(amount, symbol, language, currency));
            covered++;
          }
    expect(covered).toBe(languages.length * currencies.length * symbols.length * amounts.length);
  });

  it('leaves to Intl what it does not know: the locale sign, regional cultures, other currencies, negatives', () => {
    expect(quickPrice(12, '', 'es', 'EUR')).toBeUndefined();
    expect(quickPrice(12, '€', 'es-ES', 'EUR')).toBeUndefined();
    expect(quickPrice(12, '¥', 'en', 'JPY')).toBeUndefined();
    expect(quickPrice(-12, '€', 'es', 'EUR')).toBeUndefined();
    expect(quickPrice(Number.NaN, '€', 'es', 'EUR')).toBeUndefined();
    expect(quickPrice(12, '€', 'toString', 'EUR')).toBeUndefined();
    // …and formatPrice still answers them, through Intl.
    expect(price(12, '', 'es', 'EUR')).toBe('12,00 €');
    expect(price(-12, '€', 'es', 'EUR')).toBe('-12,00 €');
  });

  it("the booking page's prices in the demo companies' languages and currencies", () => {
    expect(formatPrice(25, '€', 'es', 'EUR')).toBe('25,00\u00a0€');
    expect(formatPrice(1250, 'kr.', 'da', 'DKK')).toBe('1.250,00\u00a0kr.');
    expect(formatPrice(1250, 'kr', 'sv', 'SEK')).toBe('1\u00a0250,00\u00a0kr');
    expect(formatPrice(25, '€', 'ar', 'EUR')).toBe('\u200f25.00\u00a0€');
    expect(formatPrice(25, 'kr.', 'en', 'DKK')).toBe('kr.\u00a025.00');
  });
});
