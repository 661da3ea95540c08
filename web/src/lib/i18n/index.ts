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
  type LanguageCode,
} from '@/lib/i18n/languages';
import ar from '@/lib/i18n/locales/ar.json';
import da from '@/lib/i18n/locales/da.json';
import de from '@/lib/i18n/locales/de.json';
import en from '@/lib/i18n/locales/en.json';
import es from '@/lib/i18n/locales/es.json';
import nb from '@/lib/i18n/locales/nb.json';
import sv from '@/lib/i18n/locales/sv.json';

/** A locale file's texts: nested groups of strings. */
export type LocaleTree = { [key: string]: string | LocaleTree };

// Each customer feature keeps its own texts in src/features/<feature>/locales/<code>.json, a namespace
// named after the feature's folder in camelCase (problem-report → problemReport); shared components keep
// theirs in src/components/locales/<code>.json (the namespace `components`). A feature is registered by
// adding its folder to the list below (and its namespace to i18next.d.ts, which types the keys). The
// texts are in the entry chunk: back-office features load theirs in their own lazy chunk instead.
const namespaceFiles = import.meta.glob<LocaleTree>(
  [
    '/src/components/locales/*.json',
    '/src/features/{booking,cancel,unsubscribe,terms,success,problem-report,live-viewers,app-update,event,event-register,events-calendar,landing}/locales/*.json',
  ],
  { eager: true, import: 'default' },
);

/** The namespace of a locale file from its path: features/problem-report/… → problemReport; components/… → components. */
export function namespaceOf(path: string): string {
  const folder = /\/features\/([^/]+)\/locales\//.exec(path)?.[1] ?? 'components';
  return folder.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const shared: Record<LanguageCode, LocaleTree> = { en, es, da, ar, de, nb, sv };

/**
 * Every locale, bundled with the app: the texts are small and a language switch needs no request.
 * `translation` holds the shared texts; each feature has a namespace of its own.
 */
export const resources = Object.fromEntries(
  LANGUAGES.map((l) => [l.code, { translation: shared[l.code] } as Record<string, LocaleTree>]),
) as Record<LanguageCode, Record<string, LocaleTree>>;
for (const [path, texts] of Object.entries(namespaceFiles)) {
  const code = /\/([a-z]{2})\.json$/.exec(path)?.[1] as LanguageCode | undefined;
  if (code && code in resources) resources[code][namespaceOf(path)] = texts;
}

/** Every namespace: `translation` and the features' own. */
export const namespaces = Object.keys(resources.en);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: namespaces,
    defaultNS: 'translation',
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
