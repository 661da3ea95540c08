import { chooseLanguage, i18n, type LocaleTree } from '@/lib/i18n';
import { DEFAULT_LANGUAGE, resolveLanguage } from '@/lib/i18n/languages';

// The back office's texts, on the customer app's i18next instance (src/lib/i18n: the language detection,
// the choice kept for the session and the shared `translation`/`components` namespaces are the same):
//   - the shell's own texts (login, top bar, navigation, the shared date fields) are in
//     src/admin/locales/<code>.json, the namespace `admin`;
//   - each feature's are in src/admin/features/<feature>/locales/<code>.json, a namespace named after the
//     feature's folder in camelCase (bookings, billing, kpi; a-b → aB), like the customer features.
// Every file is found by the glob below: a new feature needs no registration here (only its namespace in
// src/lib/i18n/i18next.d.ts, which types the keys). The files are fetched lazily, one chunk per language
// (vite.config.ts groups them as admin-locale-<code>), and added to i18next before a page in that language
// renders: main.tsx waits for loadAdminLanguage, and a language change loads its texts first
// (chooseAdminLanguage; a change made elsewhere is caught by the languageChanged listener below).
const files = import.meta.glob<LocaleTree>(['/src/admin/locales/*.json', '/src/admin/features/*/locales/*.json'], {
  import: 'default',
});

/** The namespace of a back-office locale file from its path: src/admin/locales → admin; features/a-b → aB. */
export function adminNamespaceOf(path: string): string {
  const folder = /\/admin\/features\/([^/]+)\/locales\//.exec(path)?.[1];
  if (!folder) return 'admin';
  return folder.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const languageOf = (path: string) => /\/([a-z]{2})\.json$/.exec(path)?.[1] ?? '';

/** Every back-office namespace (admin and one per feature with texts). */
export const adminNamespaces = [
  ...new Set(Object.keys(files).filter((p) => languageOf(p) === 'en').map(adminNamespaceOf)),
];

const loaded = new Map<string, Promise<void>>();

/**
 * Loads every back-office namespace of a language (and English, the fallback) into i18next; once per
 * language. Resolves when they are there; a file that fails to load leaves English in its place.
 */
export function loadAdminLanguage(code: string): Promise<void> {
  const codes = code === DEFAULT_LANGUAGE.code ? [code] : [DEFAULT_LANGUAGE.code, code];
  return Promise.all(codes.map(loadOne)).then(() => undefined);
}

function loadOne(code: string): Promise<void> {
  let done = loaded.get(code);
  if (!done) {
    const paths = Object.keys(files).filter((p) => languageOf(p) === code);
    done = Promise.all(
      paths.map(async (path) => {
        const texts = await files[path]();
        i18n.addResourceBundle(code, adminNamespaceOf(path), texts, true, true);
      }),
    ).then(
      () => undefined,
      () => {
        loaded.delete(code); // try again on the next change to this language
      },
    );
    loaded.set(code, done);
  }
  return done;
}

/** Every language's back-office texts, for the completeness test: namespace → texts, per language code. */
export async function loadAllAdminTexts(): Promise<Record<string, Record<string, LocaleTree>>> {
  const all: Record<string, Record<string, LocaleTree>> = {};
  await Promise.all(
    Object.entries(files).map(async ([path, load]) => {
      const code = languageOf(path);
      all[code] ??= {};
      all[code][adminNamespaceOf(path)] = await load();
    }),
  );
  return all;
}

/**
 * Switches the back office's language: its texts are loaded first, so the page never shows a mix. Kept
 * for this tab only: a staff member's language does not follow into the customer pages of other tabs.
 */
export async function chooseAdminLanguage(culture: string): Promise<void> {
  const language = resolveLanguage(culture);
  await loadAdminLanguage(language.code);
  await chooseLanguage(language.culture, { shared: false });
}

let listening = false;

/**
 * Starts the back office's texts: the current language's are loaded (resolves when they are there), and
 * every later language change loads its own. react-i18next re-renders on `added` as well, so texts that
 * arrive after a change made elsewhere still show.
 */
export function startAdminI18n(): Promise<void> {
  if (!listening) {
    listening = true;
    i18n.on('languageChanged', (code) => void loadAdminLanguage(code));
    i18n.options.react = { ...i18n.options.react, bindI18nStore: 'added' };
  }
  return loadAdminLanguage(i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE.code);
}
