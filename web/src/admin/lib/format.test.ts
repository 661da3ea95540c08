import { adminFormat, adminIntlLocale } from '@/admin/lib/format';
import { LANGUAGES } from '@/lib/i18n/languages';

const EUR = { timeZone: 'Europe/Madrid', currency: 'EUR', simbolCoinType: '€' };
const DKK = { timeZone: 'Europe/Copenhagen', currency: 'DKK', simbolCoinType: 'kr.' };

/** What a reader sees: no-break spaces and bidi marks as plain spaces / nothing. */
const seen = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u2068\u2069]/g, '');

// One row per interface language: what a person of that language reads for 28 November 2026 at 18:05,
// 22 in euros and in Danish kroner (with the company's own sign), and 28 November to 3 December.
const EXPECTED: Record<string, { day: string; time: string; eur: string; dkk: string; range: string }> = {
  en: { day: '28 Nov 2026', time: '18:05', eur: '€1,234.50', dkk: 'kr. 22.00', range: '28 Nov – 3 Dec 2026' },
  es: { day: '28 nov 2026', time: '18:05', eur: '1234,50 €', dkk: '22,00 kr.', range: '28 nov – 3 dic 2026' },
  da: { day: '28. nov. 2026', time: '18.05', eur: '1.234,50 €', dkk: '22,00 kr.', range: '28. nov.–3. dec. 2026' },
  ar: { day: '28 نوفمبر 2026', time: '18:05', eur: '1,234.50 €', dkk: '22.00 kr.', range: '28 نوفمبر – 3 ديسمبر 2026' },
  de: { day: '28. Nov. 2026', time: '18:05', eur: '1.234,50 €', dkk: '22,00 kr.', range: '28. Nov. – 3. Dez. 2026' },
  nb: { day: '28. nov. 2026', time: '18:05', eur: '1 234,50 €', dkk: '22,00 kr.', range: '28. nov.–3. des. 2026' },
  sv: { day: '28 nov. 2026', time: '18:05', eur: '1 234,50 €', dkk: '22,00 kr.', range: '28 nov.–3 dec. 2026' },
};

describe('the back office formatter', () => {
  it('covers every interface language', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  for (const [language, want] of Object.entries(EXPECTED)) {
    describe(language, () => {
      const eur = adminFormat(language, EUR);
      const dkk = adminFormat(language, DKK);

      it('writes a day with its month named, never ISO nor mm/dd', () => {
        expect(seen(eur.day('2026-11-28'))).toBe(want.day);
        expect(eur.day('2026-11-28')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      });

      it('writes a time in 24 hours', () => {
        expect(seen(eur.time('18:05:00'))).toBe(want.time);
        expect(seen(eur.time('2026-11-28 18:05:00'))).toBe(want.time);
        expect(eur.time('09:30')).not.toMatch(/AM|PM|ص|م/);
      });

      it('writes money in euros and in Danish kroner the language\'s way', () => {
        expect(seen(eur.money(1234.5))).toBe(want.eur);
        expect(seen(dkk.money(22))).toBe(want.dkk);
      });

      it('writes a range of days', () => {
        expect(seen(eur.range('2026-11-28', '2026-12-03'))).toBe(want.range);
        expect(seen(eur.range('2026-11-28', '2026-11-28'))).toBe(want.day);
      });

      it('never lets a value break: no ordinary space inside it', () => {
        for (const value of [eur.day('2026-11-28'), eur.dateTime('2026-11-28 18:05:00'), eur.range('2026-11-28', '2026-12-03'), eur.money(1234.5), dkk.money(22)]) {
          expect(value).not.toMatch(/ /);
        }
      });

      it('writes Latin digits, as the customer pages do', () => {
        const all = [eur.day('2026-11-28'), eur.time('18:05'), eur.money(22), eur.number(1234.5), eur.increment(12.345)].join('');
        expect(all).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
      });
    });
  }

  it('writes an instant in the company\'s time zone, not the browser\'s', () => {
    // 17:05 UTC is 18:05 in Madrid (winter) and 02:05 the next day in Tokyo.
    expect(seen(adminFormat('en', EUR).instant('2026-11-28T17:05:00Z'))).toBe('28 Nov 2026, 18:05');
    expect(seen(adminFormat('en', { ...EUR, timeZone: 'Asia/Tokyo' }).instant('2026-11-28T17:05:00Z'))).toBe('29 Nov 2026, 02:05');
    expect(adminFormat('ar', EUR).instantTime('2026-11-28T17:05:00Z')).toBe('18:05');
    expect(adminFormat('en', { ...EUR, timeZone: 'Asia/Tokyo' }).instantTime('2026-11-28T17:05:00Z')).toBe('02:05');
    expect(seen(adminFormat('es', EUR).dateTime('2026-11-28 09:05:00'))).toBe('28 nov 2026, 09:05');
  });

  it('uses the Gregorian calendar in Arabic (ar-SA would otherwise write the Hijri year)', () => {
    expect(adminIntlLocale('ar')).toBe('ar-SA-u-ca-gregory-nu-latn');
    expect(seen(adminFormat('ar', EUR).longDay('2026-11-28'))).toContain('2026');
  });

  it('writes numbers and signed increments the language\'s way', () => {
    expect(adminFormat('en', EUR).number(1234.5)).toBe('1,234.5');
    expect(adminFormat('de', EUR).number(1234.5)).toBe('1.234,5');
    expect(seen(adminFormat('en', EUR).increment(12.345))).toBe('+12.35%');
    expect(seen(adminFormat('es', EUR).increment(-5))).toBe('-5 %');
  });

  it('gives back what it cannot read, rather than "Invalid Date"', () => {
    const f = adminFormat('en', EUR);
    expect(f.day('')).toBe('');
    expect(f.day('soon')).toBe('soon');
    expect(f.instant('never')).toBe('never');
    expect(f.time('late')).toBe('late');
  });
});

describe('amountField', () => {
  it("pre-fills money inputs with the language's decimal mark, as parseAmount reads them back", async () => {
    const { parseAmount } = await import('@/admin/lib/amounts');
    const company = { currency: 'EUR', simbolCoinType: '€', timeZone: 'Europe/Madrid' };
    expect(adminFormat('en', company).amountField(22)).toBe('22.00');
    expect(adminFormat('es', company).amountField(1234.5)).toBe('1234,50');
    expect(adminFormat('de', company).amountField(0.1 + 0.2)).toBe('0,30');
    expect(adminFormat('es', company).decimalSeparator).toBe(',');
    for (const lang of ['en', 'es', 'da', 'de', 'nb', 'sv', 'ar']) {
      const text = adminFormat(lang, company).amountField(1234.5);
      expect(text, lang).toMatch(/^1234[.,]50$/);
      expect(parseAmount(text), lang).toBe(1234.5);
    }
  });
});
