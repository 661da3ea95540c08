import i18n, { type BackendModule } from 'i18next';
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
import { pickLanguage, type LanguageInputs } from '@/lib/i18n/rule';
import en from '@/lib/i18n/locales/en.json';

/** A locale file's texts: nested groups of strings. */
export type LocaleTree = { [key: string]: string | LocaleTree };

/** One language's texts: `translation` (the shared texts) and a namespace per feature. */
export type LanguageResources = Record<string, LocaleTree>;

// Each customer feature keeps its own texts in src/features/<feature>/locales/<code>.json, a namespace
// named after the feature's folder in camelCase (problem-report → problemReport); shared components keep
// theirs in src/components/locales/<code>.json (the namespace `components`). A feature is registered by
// adding its folder to the list of `pageFiles` below (and its namespace to i18next.d.ts, which types the
// keys). Back-office features load theirs in their own lazy chunk instead.
//
// What is downloaded when: the booking page's own namespaces in English (the fallback language) are in the
// entry chunk (`firstPageFiles`). Everything else is fetched on demand, grouped by vite.config.ts into one
// chunk per language for the booking page's namespaces (locale-<code>-[hash].js, fetched before the first
// render for a visitor in that language) and one per language for the other pages' namespaces
// (locale-<code>-pages-[hash].js, fetched when such a page is opened; AppProviders shows the loading
// screen meanwhile). A feature shown on the booking page goes in FIRST_PAGE_FOLDERS of vite.config.ts and
// in the three booking-page lists here; locales.test.ts fails when the lists disagree. The booking
// wizard's later stages (date, details, summary, done) and its waiting list keep their texts apart, in
// the namespace bookingSteps (features/booking-steps/locales): fetched with those stages' code (one chunk
// per language, locale-steps-<code>-[hash].js), they stay out of the booking page's first download.
const firstPageFiles = import.meta.glob<LocaleTree>(
  ['/src/components/locales/en.json', '/src/features/{booking,problem-report,live-viewers,app-update}/locales/en.json'],
  { eager: true, import: 'default' },
);
const pageFiles = import.meta.glob<LocaleTree>(
  [
    '/src/lib/i18n/locales/*.json',
    '/src/components/locales/*.json',
    '/src/features/{booking,booking-steps,cancel,unsubscribe,terms,success,problem-report,live-viewers,app-update,event,event-register,events-calendar,landing}/locales/*.json',
    '!/src/lib/i18n/locales/en.json',
    '!/src/components/locales/en.json',
    '!/src/features/{booking,problem-report,live-viewers,app-update}/locales/en.json',
  ],
  { import: 'default' },
);

/** The namespace of a locale file from its path: features/problem-report/… → problemReport; components/… → components; lib/i18n/… → translation. */
export function namespaceOf(path: string): string {
  if (path.includes('/lib/i18n/locales/')) return 'translation';
  const folder = /\/features\/([^/]+)\/locales\//.exec(path)?.[1] ?? 'components';
  return folder.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const languageOf = (path: string) => /\/([a-z]{2})\.json$/.exec(path)?.[1];

/** The English texts in the entry chunk: the booking page's namespaces (`translation` holds the shared texts). */
export const english: LanguageResources = { translation: en };
for (const [path, texts] of Object.entries(firstPageFiles)) english[namespaceOf(path)] = texts;

/** The namespaces the booking page shows, loaded with the language before the first render. */
export const firstPageNamespaces = Object.keys(english);

const loaders = new Map<string, () => Promise<LocaleTree>>();
for (const [path, load] of Object.entries(pageFiles)) loaders.set(`${languageOf(path)}:${namespaceOf(path)}`, load);

/** Every namespace: `translation` and the features' own. */
export const namespaces = [
  ...firstPageNamespaces,
  ...[...loaders.keys()].filter((k) => k.startsWith('en:')).map((k) => k.slice(3)),
];

/** One namespace of one language: from the entry chunk, or fetched (once: the module cache keeps it). */
export function loadNamespace(code: string, namespace: string): Promise<LocaleTree | undefined> {
  if (code === DEFAULT_LANGUAGE.code && english[namespace]) return Promise.resolve(english[namespace]);
  const load = loaders.get(`${code}:${namespace}`);
  return load ? load() : Promise.resolve(undefined);
}

/** Every namespace of one language (for the completeness test); rejects for a language the app does not have. */
export async function loadLanguage(code: string): Promise<LanguageResources> {
  const texts = await Promise.all(namespaces.map(async (ns) => [ns, await loadNamespace(code, ns)] as const));
  const found = texts.filter((entry): entry is readonly [string, LocaleTree] => entry[1] !== undefined);
  if (found.length === 0) throw new Error(`no locale files for language ${code}`);
  return Object.fromEntries(found);
}

/** Every language's texts (for the completeness test). */
export async function loadAllLanguages(): Promise<Record<LanguageCode, LanguageResources>> {
  const all = await Promise.all(LANGUAGES.map(async (l) => [l.code, await loadLanguage(l.code)] as const));
  return Object.fromEntries(all) as Record<LanguageCode, LanguageResources>;
}

// An i18next backend over loadNamespace: i18next asks for each (language, namespace) it needs; the
// namespaces of one language and page share a chunk, so they cost one request.
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadNamespace(language, namespace).then(
      (texts) => callback(null, texts ?? {}),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** What the language rule reads from this page: its `?lang=`, the visitor's earlier choice and the browser's languages. */
function pageInputs(): LanguageInputs {
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  let query: string | null = null;
  try {
    query = new URLSearchParams(window.location.search).get('lang');
  } catch {
    // no address (a test without a window): no ?lang=
  }
  return { query, stored: readStoredCulture()?.culture, browser };
}

/**
 * The language to start in, by the one language rule (rule.ts) without the company, which the page learns
 * later (usePageLanguage). A valid `?lang=` is kept as the visitor's choice for the session, so that the
 * pages reached from this one (the payment return, a link) stay in it; nothing else is stored here.
 */
export function detectLanguage(): Language {
  const choice = pickLanguage(pageInputs());
  if (choice.source === 'query') storeCulture(choice.language);
  return choice.language;
}

/**
 * Resolves when i18next has the detected language's texts (and English): at once for English, after one
 * chunk for another language. main.tsx renders the app after it, so the first paint is in the right language.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: detectLanguage().code,
    resources: { [DEFAULT_LANGUAGE.code]: { ...english } }, // a copy: i18next adds the fetched namespaces to it
    partialBundledLanguages: true,
    ns: firstPageNamespaces,
    defaultNS: 'translation',
    supportedLngs: LANGUAGES.map((l) => l.code),
    fallbackLng: DEFAULT_LANGUAGE.code,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
  })
  .catch(() => undefined); // a language that failed to load falls back to English; nothing to report here

/** The app's i18next instance: English bundled, the other languages fetched on demand. */
export { i18n };

/** The language currently shown. */
export function currentLanguage(): Language {
  return languageForCode(i18n.resolvedLanguage ?? i18n.language);
}

// The visitor's choice is kept twice: in session storage, this tab's own (a `?lang=` link and the kiosk's
// start language stay there), and in local storage, shared by every tab of the site, so that a language
// chosen with the selector in one tab holds in the others (at once through the `storage` event,
// followOtherTabs, and on their next load). This tab's own choice wins over the shared one.

function readStoredCulture(): Language | undefined {
  try {
    return findLanguage(sessionStorage.getItem(CULTURE_STORAGE_KEY)) ?? findLanguage(localStorage.getItem(CULTURE_STORAGE_KEY));
  } catch {
    return undefined; // storage disabled by the browser
  }
}

function storeCulture(language: Language, shared = false) {
  try {
    sessionStorage.setItem(CULTURE_STORAGE_KEY, language.culture);
    if (shared) localStorage.setItem(CULTURE_STORAGE_KEY, language.culture);
  } catch {
    // storage disabled: the choice lasts until the page is reloaded
  }
}

/**
 * Follows a language chosen in another tab of the site (the `storage` event of the shared choice): this
 * tab takes it as its own choice and switches. Returns the function that stops following.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CULTURE_STORAGE_KEY || event.storageArea !== localStorage) return;
    const language = findLanguage(event.newValue);
    if (!language) return;
    storeCulture(language);
    if (i18n.language !== language.code) void i18n.changeLanguage(language.code);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Switches to the language of a culture and keeps it as the visitor's choice: for every tab of the site
 * when the visitor chose it (the selector), for this tab only when the page did (`shared: false`: the
 * kiosk's start language, which must not follow the visitor into other tabs).
 */
export async function chooseLanguage(culture: string, { shared = true }: { shared?: boolean } = {}): Promise<void> {
  const language = resolveLanguage(culture);
  storeCulture(language, shared);
  await i18n.changeLanguage(language.code);
}

/** What a page knows of its company's languages: the default culture, and its list when it restricts them. */
export interface CompanyLanguages {
  defaultCulture?: string | null;
  languages?: readonly string[] | null;
}

/** The language the one rule (rule.ts) gives on this page, with what the page knows of its company. */
export function pageLanguage(company?: CompanyLanguages | null) {
  return pickLanguage({ ...pageInputs(), companyDefault: company?.defaultCulture, companyLanguages: company?.languages });
}

/**
 * Applies the one language rule with the page's company (null: a page that has none): switches to the
 * rule's language, loading its texts first. Pages call it through usePageLanguage (use-page-language.ts).
 */
export async function applyPageLanguage(company: CompanyLanguages | null): Promise<void> {
  const { language, source } = pageLanguage(company);
  if (source === 'query') storeCulture(language);
  if (i18n.language !== language.code) await i18n.changeLanguage(language.code);
}

/** The texts of the booking wizard's later stages and its waiting list (see the top of this file). */
export const BOOKING_STEPS_NAMESPACE = 'bookingSteps';

/** Fetches the booking wizard's later stages' texts in the current language (and English), with their code. */
export function loadBookingStepTexts(): Promise<void> {
  return i18n.loadNamespaces(BOOKING_STEPS_NAMESPACE).catch(() => undefined); // missing texts fall back to English keys
}

/** The namespaces of the pages other than booking, fetched when such a page is first opened. */
export const pageNamespaces = namespaces.filter((ns) => !firstPageNamespaces.includes(ns) && ns !== BOOKING_STEPS_NAMESPACE);

/** Fetches the other pages' texts in the current language (and English); resolves at once when they are here. */
export function loadPageTexts(): Promise<void> {
  return i18n.loadNamespaces(pageNamespaces).catch(() => undefined); // missing texts fall back to English keys
}
