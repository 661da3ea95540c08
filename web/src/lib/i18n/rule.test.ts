import { pickLanguage } from '@/lib/i18n/rule';

const pick = (inputs: Parameters<typeof pickLanguage>[0]) => {
  const { language, source } = pickLanguage(inputs);
  return `${language.code}:${source}`;
};

describe('pickLanguage', () => {
  it('takes ?lang= before everything else', () => {
    expect(pick({ query: 'ar', stored: 'es-ES', browser: ['de-DE'], companyDefault: 'da-DK' })).toBe('ar:query');
    expect(pick({ query: 'sv-SE', companyLanguages: ['es-ES'] })).toBe('sv:query');
  });

  it('ignores an unknown ?lang= and goes on to the earlier choice', () => {
    expect(pick({ query: 'fr', stored: 'es-ES', browser: ['de-DE'] })).toBe('es:stored');
    expect(pick({ query: '<script>', browser: ['de-DE'] })).toBe('de:browser');
  });

  it('takes the earlier choice before the browser', () => {
    expect(pick({ stored: 'nb-NO', browser: ['de-DE', 'en'], companyDefault: 'es-ES' })).toBe('nb:stored');
  });

  it('takes the first browser language the app has, before the company default', () => {
    expect(pick({ browser: ['fr-FR', 'de-CH', 'en'], companyDefault: 'es-ES' })).toBe('de:browser');
  });

  it('holds the browser languages to the company list when it restricts them', () => {
    expect(pick({ browser: ['de-DE', 'es-MX'], companyLanguages: ['es-ES', 'en-GB'], companyDefault: 'en-GB' })).toBe('es:browser');
    expect(pick({ browser: ['de-DE'], companyLanguages: ['es-ES', 'en-GB'], companyDefault: 'en-GB' })).toBe('en:company');
  });

  it('falls back to the company default, then English', () => {
    expect(pick({ browser: ['fr-FR'], companyDefault: 'da-DK' })).toBe('da:company');
    expect(pick({ browser: ['fr-FR'], companyDefault: 'xx' })).toBe('en:none');
    expect(pick({})).toBe('en:none');
  });

  it('gives the same answer whatever the page, for the same browser', () => {
    const withCompany = pick({ browser: ['de-DE'], companyDefault: 'es-ES' });
    const withoutCompany = pick({ browser: ['de-DE'] });
    expect(withCompany).toBe('de:browser');
    expect(withoutCompany).toBe('de:browser');
  });
});
