import { useEffect } from 'react';
import { applyDefaultCulture } from '@/lib/i18n';

/**
 * Shows the page in the company's default culture unless the visitor already chose a language this
 * session; an unsupported culture falls back to English (en-GB).
 */
export function useCompanyLanguage(defaultCulture: string): void {
  useEffect(() => {
    void applyDefaultCulture(defaultCulture);
  }, [defaultCulture]);
}
