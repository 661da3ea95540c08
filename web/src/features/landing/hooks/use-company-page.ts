import { useEffect } from 'react';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { useConfig } from '@/lib/api/get-config';
import { rememberCompanyKey } from '@/lib/company-key';
import { usePageLanguage } from '@/lib/i18n/use-page-language';

/**
 * What every company page does: applies the company's colours (from its configuration, else the landing's
 * primary colour) and the language rule with its default culture, and remembers the company for this
 * browser session. Returns whether the page's language is ready (usePageLanguage): show the loading
 * screen until then.
 */
export function useCompanyPage(companyKey: string, primaryColor: string | undefined): boolean {
  const config = useConfig(companyKey);
  const theme = config.data?.theme ?? (primaryColor ? { primaryColor, secondaryColor: primaryColor } : null);
  useBrandTheme(theme);
  // An unknown company (its page says so) goes by the rule without a company.
  const languageReady = usePageLanguage(config.isError ? null : config.data && { defaultCulture: config.data.defaultCulture });
  const known = config.isSuccess;
  useEffect(() => {
    if (known) rememberCompanyKey(companyKey);
  }, [known, companyKey]);
  return languageReady;
}
