import { formatDay, formatDayHour, formatHour, formatLongDate, formatLongInstant, formatPrice, intlLocale, intlPrice, isolate, quickPrice } from '@/lib/format';

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

describe('formatLongDate', () => {
  it.each([
    ['en', '2026-12-05 10:00:00', 'Saturday, 5 December 2026 at 10:00'],
    ['es', '2026-12-05 10:00:00', 'sábado, 5 de diciembre de 2026, 10:00'],
    ['de', '2026-12-05', 'Samstag, 5. Dezember 2026'],
  ])('writes the date out with its weekday in %s', (language, local, expected) => {
    expect(formatLongDate(local, language).replace(/\u202f/g, ' ')).toBe(expected);
  });

  it('keeps the wall-clock time of the circuit, whatever the visitor’s zone', () => {
    expect(formatLongDate('2026-03-29 02:30:00', 'en')).toContain('02:30');
  });

  it('writes Arabic with Latin digits, as every price and counter of the page', () => {
    const text = formatLongDate('2026-12-05 10:00:00', 'ar');
    expect(text).toMatch(/5/);
    expect(text).toMatch(/2026/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  it('returns a malformed date as it is', () => {
    expect(formatLongDate('soon', 'en')).toBe('soon');
  });
});

describe('formatLongInstant', () => {
  it('writes an instant in the circuit’s time zone', () => {
    const ms = Date.UTC(2026, 11, 5, 9, 0); // 10:00 in Madrid
    expect(formatLongInstant(ms, 'en', 'Europe/Madrid')).toContain('10:00');
    expect(formatLongInstant(ms, 'en', 'Not/AZone')).toContain('09:00');
  });
});

describe('intlLocale', () => {
  it('asks for Latin digits', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    expect(intlLocale('ar-SA')).toBe('ar-SA-u-nu-latn');
    expect(formatPrice(-58, '€', 'ar-SA', 'EUR')).not.toMatch(/[\u0660-\u0669]/);
  });
});
