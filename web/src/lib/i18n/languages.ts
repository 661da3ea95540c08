/** An interface language the app offers. */
export interface Language {
  /** The i18next language code, also the name of the locale file. */
  code: LanguageCode;
  /** The culture sent to the server and kept in session storage (BCP 47). */
  culture: string;
  /** The language's name in itself (an endonym), shown in the selector whatever the current language. */
  label: string;
  dir: 'ltr' | 'rtl';
}

/** The i18next codes of the seven supported languages. */
export type LanguageCode = 'en' | 'es' | 'da' | 'ar' | 'de' | 'nb' | 'sv';

/** The seven interface languages, in the order the selector lists them. */
export const LANGUAGES: readonly Language[] = [
  { code: 'en', culture: 'en-GB', label: 'English', dir: 'ltr' },
  { code: 'es', culture: 'es-ES', label: 'Español', dir: 'ltr' },
  { code: 'da', culture: 'da-DK', label: 'Dansk', dir: 'ltr' },
  { code: 'ar', culture: 'ar-SA', label: 'العربية', dir: 'rtl' },
  { code: 'de', culture: 'de-DE', label: 'Deutsch', dir: 'ltr' },
  { code: 'nb', culture: 'nb-NO', label: 'Norsk bokmål', dir: 'ltr' },
  { code: 'sv', culture: 'sv-SE', label: 'Svenska', dir: 'ltr' },
];

/** The language used when a culture is missing, unsupported or invalid (en-GB). */
export const DEFAULT_LANGUAGE: Language = LANGUAGES[0];

/** The storage key of the culture the visitor chose: in session storage (this tab's) and local storage (the site's other tabs). */
export const CULTURE_STORAGE_KEY = 'pitlane.culture';

// Older short culture names still found in company data and links ('gb', 'dk', 'sa'), and the
// generic Norwegian codes, mapped to the language they mean.
const ALIASES: Record<string, LanguageCode> = { gb: 'en', dk: 'da', sa: 'ar', se: 'sv', no: 'nb', nn: 'nb' };

/**
 * The supported language a culture names, matched on the exact culture (`ar-SA`), on the primary
 * language subtag (`es-MX` → Spanish) or on a legacy alias (`gb`); undefined when nothing matches.
 */
export function findLanguage(culture: string | null | undefined): Language | undefined {
  if (typeof culture !== 'string') return undefined;
  const normalized = culture.trim().replace('_', '-').toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(normalized)) return undefined;
  const exact = LANGUAGES.find((l) => l.culture.toLowerCase() === normalized);
  if (exact) return exact;
  const primary = normalized.split('-')[0];
  const code = ALIASES[primary] ?? primary;
  return LANGUAGES.find((l) => l.code === code);
}

/** Like findLanguage, but an unsupported or invalid culture falls back to English (en-GB). */
export function resolveLanguage(culture: string | null | undefined): Language {
  return findLanguage(culture) ?? DEFAULT_LANGUAGE;
}

/** The language for an i18next code, English for anything else. */
export function languageForCode(code: string | undefined): Language {
  return LANGUAGES.find((l) => l.code === code) ?? DEFAULT_LANGUAGE;
}
