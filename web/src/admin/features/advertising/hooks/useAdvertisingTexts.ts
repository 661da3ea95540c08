import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '@/admin/features/advertising/locales/en.json';

/** The dotted keys of a locale tree's texts. */
type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the advertising texts (src/admin/features/advertising/locales/en.json). */
export type AdvertisingKey = Keys<typeof en>;

/**
 * The advertising section's texts (namespace `advertising`), with keys typed from the English file, and the
 * interface language. Re-renders on a language change.
 */
export function useAdvertisingTexts() {
  const { t, i18n } = useTranslation();
  // Stable while the language stays, so tables and charts built from the texts are not rebuilt every render.
  const text = useCallback(
    (key: AdvertisingKey, values?: Record<string, string | number>): string =>
      (t as unknown as (k: string, o: object) => string)(key, { ns: 'advertising', ...values }),
    [t],
  );
  return { t: text, language: i18n.resolvedLanguage ?? i18n.language ?? 'en' };
}
