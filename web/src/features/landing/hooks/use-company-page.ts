import { useEffect } from 'react';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { useConfig } from '@/lib/api/get-config';
import { rememberCompanyKey } from '@/lib/company-key';
import { applyDefaultCulture } from '@/lib/i18n';

/**
 * What every company page does: applies the company's colours (from its configuration, else the landing's
 * primary colour) and default language, and remembers the company for this browser session.
 */
export function useCompanyPage(companyKey: string, primaryColor: string | undefined) {
  const config = useConfig(companyKey);
  const theme = config.data?.theme ?? (primaryColor ? { primaryColor, secondaryColor: primaryColor } : null);
  useBrandTheme(theme);
  const defaultCulture = config.data?.defaultCulture;
  useEffect(() => {
    if (defaultCulture) void applyDefaultCulture(defaultCulture);
  }, [defaultCulture]);
  const known = config.isSuccess;
  useEffect(() => {
    if (known) rememberCompanyKey(companyKey);
  }, [known, companyKey]);
}
