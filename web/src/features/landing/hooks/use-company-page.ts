import { useEffect } from 'react';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { useConfig } from '@/features/landing/api/get-config';
import { applyDefaultCulture } from '@/lib/i18n';

/** The session-storage key of the company last visited (the event pages find the company token with it). */
const LAST_COMPANY_STORAGE_KEY = 'pitlane.companyKey';

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
    if (!known) return;
    try {
      sessionStorage.setItem(LAST_COMPANY_STORAGE_KEY, companyKey);
    } catch {
      // storage disabled
    }
  }, [known, companyKey]);
}
