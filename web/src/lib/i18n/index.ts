import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  CULTURE_STORAGE_KEY,
  DEFAULT_LANGUAGE,
  findLanguage,
  LANGUAGES,
  languageForCode,
  resolveLanguage,
  type Language,
} from '@/lib/i18n/languages';
import ar from '@/lib/i18n/locales/ar.json';
import da from '@/lib/i18n/locales/da.json';
import de from '@/lib/i18n/locales/de.json';
import en from '@/lib/i18n/locales/en.json';
import es from '@/lib/i18n/locales/es.json';
import nb from '@/lib/i18n/locales/nb.json';
import sv from '@/lib/i18n/locales/sv.json';

/** Every locale, bundled with the app: the texts are small and a language switch needs no request. */
export const resources = {
  en: { translation: en },
  es: { translation: es },
  da: { translation: da },
  ar: { translation: ar },
  de: { translation: de },
  nb: { translation: nb },
  sv: { translation: sv },
} as const;

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: LANGUAGES.map((l) => l.code),
    fallbackLng: DEFAULT_LANGUAGE.code,
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: {
      // The visitor's own choice first, then the browser's. Nothing is cached automatically: only an
      // explicit choice is stored, so a company's default language still applies to a new visitor.
      order: ['sessionStorage', 'navigator'],
      lookupSessionStorage: CULTURE_STORAGE_KEY,
      caches: [],
      convertDetectedLanguage: (culture: string) => resolveLanguage(culture).code,
    },
  });

/** The app's i18next instance, initialised with every locale. */
export { i18n };

/** The language currently shown. */
export function currentLanguage(): Language {
  return languageForCode(i18n.resolvedLanguage ?? i18n.language);
}

function readStoredCulture(): Language | undefined {
  try {
    return findLanguage(sessionStorage.getItem(CULTURE_STORAGE_KEY));
  } catch {
    return undefined; // storage disabled by the browser
  }
}

/** Switches to the language of a culture the visitor chose and keeps the choice for the session. */
export async function chooseLanguage(culture: string): Promise<void> {
  const language = resolveLanguage(culture);
  try {
    sessionStorage.setItem(CULTURE_STORAGE_KEY, language.culture);
  } catch {
    // storage disabled: the choice lasts until the page is reloaded
  }
  await i18n.changeLanguage(language.code);
}

/**
 * Applies a company's default culture, unless the visitor already chose a language this session.
 * An unsupported or invalid culture falls back to English (en-GB).
 */
export async function applyDefaultCulture(defaultCulture: string | null | undefined): Promise<void> {
  if (readStoredCulture()) return;
  const language = resolveLanguage(defaultCulture);
  if (i18n.language !== language.code) await i18n.changeLanguage(language.code);
}
