import { useEffect, useState } from 'react';
import { applyPageLanguage, i18n, pageLanguage, type CompanyLanguages } from '@/lib/i18n';

/**
 * The one language rule (rule.ts) on a public page: `?lang=`, the visitor's choice (this tab's, else the
 * one made in another tab), the browser's languages among the company's, the company's default culture,
 * else English. Every public page calls it once, with what it knows of its company: undefined while it is
 * still finding out (its configuration, event or booking on the way), null when it has none.
 *
 * Returns whether the page's language is decided and its texts are loaded. Until then the page shows its
 * loading screen, so that its first paint is already in the rule's language instead of English switched
 * a moment later. Once true it stays true: a later change (the company's default edited, a choice made
 * in another tab: DirectionSync follows those) switches the language under the shown page.
 */
export function usePageLanguage(company: CompanyLanguages | null | undefined): boolean {
  const known = company !== undefined;
  const culture = company?.defaultCulture ?? null;
  const list = company?.languages?.join(',') ?? '';
  // Already in the rule's language (the common case: the browser's language decided at start): no wait.
  const settled = known && pageLanguage(company).language.code === i18n.language;
  const [ready, setReady] = useState(settled);

  useEffect(() => {
    if (!known) return;
    let live = true;
    const languages = list === '' ? null : list.split(',');
    void applyPageLanguage(culture === null && languages === null ? null : { defaultCulture: culture, languages })
      .catch(() => undefined) // a language that failed to load leaves the page in English, not on the loading screen
      .then(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, [known, culture, list]);

  return ready || settled;
}
