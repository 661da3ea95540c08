import { findLanguage, LANGUAGES, resolveLanguage } from '@/lib/i18n/languages';

describe('resolveLanguage', () => {
  it.each([
    ['en-GB', 'en-GB'],
    ['es-ES', 'es-ES'],
    ['da-DK', 'da-DK'],
    ['ar-SA', 'ar-SA'],
    ['de-DE', 'de-DE'],
    ['nb-NO', 'nb-NO'],
    ['sv-SE', 'sv-SE'],
    ['AR-sa', 'ar-SA'],
    ['es_ES', 'es-ES'],
    ['es-MX', 'es-ES'],
    ['de', 'de-DE'],
    ['gb', 'en-GB'],
    ['dk', 'da-DK'],
    ['sa', 'ar-SA'],
    ['no', 'nb-NO'],
  ])('maps %s to %s', (input, culture) => {
    expect(resolveLanguage(input).culture).toBe(culture);
  });

  it.each([['fr-FR'], ['zz'], [''], ['not a culture'], ['<script>'], [null], [undefined]])(
    'falls back to en-GB for unsupported or invalid %s',
    (input) => {
      expect(findLanguage(input)).toBeUndefined();
      expect(resolveLanguage(input).culture).toBe('en-GB');
    },
  );

  it('offers seven languages, only Arabic right-to-left', () => {
    expect(LANGUAGES.map((l) => l.culture)).toEqual(['en-GB', 'es-ES', 'da-DK', 'ar-SA', 'de-DE', 'nb-NO', 'sv-SE']);
    expect(LANGUAGES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar']);
  });
});
