import { findLanguage, LANGUAGES, type Language } from '@/lib/i18n/languages';

/** What the language rule looks at, gathered by the caller (pickLanguage itself reads nothing). */
export interface LanguageInputs {
  /** The `lang` parameter of the page's address (`?lang=de`), if any. */
  query?: string | null;
  /** The culture the visitor chose earlier: this tab's (session storage), else one chosen in another tab (local storage). */
  stored?: string | null;
  /** The browser's languages, most preferred first (navigator.languages). */
  browser?: readonly (string | null | undefined)[];
  /** The company's languages when it restricts them; empty or missing: the seven. */
  companyLanguages?: readonly string[] | null;
  /** The company's default culture, when the page knows its company. */
  companyDefault?: string | null;
}

/** Which step of the rule decided the language. */
export type LanguageSource = 'query' | 'stored' | 'browser' | 'company' | 'none';

/** The rule's answer: the language, and the step that chose it ('none': no step did, English). */
export interface LanguageChoice {
  language: Language;
  source: LanguageSource;
}

/**
 * The one language rule of every customer page: the `?lang=` of the address, then the visitor's own earlier
 * choice, then the first of the browser's languages among the company's (the seven when the company does not
 * restrict them), then the company's default culture, else English. An explicit choice (the address or the
 * selector) may name any of the seven languages; only the browser's guess is held to the company's list.
 * Pure: the caller reads the address, the storage and the browser.
 */
export function pickLanguage(inputs: LanguageInputs): LanguageChoice {
  const query = findLanguage(inputs.query);
  if (query) return { language: query, source: 'query' };
  const stored = findLanguage(inputs.stored);
  if (stored) return { language: stored, source: 'stored' };
  const allowed = allowedLanguages(inputs.companyLanguages);
  for (const culture of inputs.browser ?? []) {
    const language = findLanguage(culture);
    if (language && allowed.includes(language)) return { language, source: 'browser' };
  }
  const company = findLanguage(inputs.companyDefault);
  if (company) return { language: company, source: 'company' };
  return { language: allowed[0] ?? LANGUAGES[0], source: 'none' };
}

/** The company's languages among the seven, or the seven when it names none the app has. */
function allowedLanguages(cultures: readonly string[] | null | undefined): readonly Language[] {
  const found = (cultures ?? []).map((c) => findLanguage(c)).filter((l): l is Language => l !== undefined);
  return found.length > 0 ? found : LANGUAGES;
}
