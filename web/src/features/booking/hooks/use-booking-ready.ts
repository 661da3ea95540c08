import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { getProductsQueryOptions } from '@/features/booking/api/get-products';
import type { CompanyConfig } from '@/lib/api/get-config';
import { formatPrice } from '@/lib/format';
import { applyPageLanguage, i18n } from '@/lib/i18n';

/**
 * Whether the booking page of a loaded company can be shown: its language is loaded and switched to (unless
 * the visitor chose one) and its products have been asked for (answered or failed). Until then the loading
 * screen stays, so the page renders once, in the company's language and with its products, instead of in
 * English first and again after each arrives (on a slow phone each of those renders blocked the page for
 * hundreds of milliseconds). The update that shows the page is a transition: React renders it in slices
 * and the main thread stays free in between. Once shown, the page stays shown; a later change of the
 * company's default culture is applied as it comes.
 */
export function useBookingReady(config: CompanyConfig | undefined): boolean {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const culture = config?.defaultCulture;
  const idCompany = config?.idCompany;
  const symbol = config?.simbolCoinType ?? '';
  const currency = config?.currency;
  useEffect(() => {
    if (idCompany === undefined) return;
    let live = true;
    void Promise.allSettled([
      applyPageLanguage({ defaultCulture: culture }), // the one language rule (usePageLanguage's)
      queryClient.prefetchQuery(getProductsQueryOptions(idCompany)), // the wizard shows a failure itself
    ]).then(() => {
      // A language that failed to load leaves the page in English rather than on the loading screen.
      if (!live) return;
      // A currency or language the quick price format does not cover (lib/format.ts) makes the first
      // price start the browser's number formatting (ICU), tens of milliseconds on a phone: done here, in
      // its own task, rather than inside the product cards' render. A covered one costs nothing here.
      formatPrice(0, symbol, i18n.resolvedLanguage ?? i18n.language, currency);
      startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [culture, idCompany, symbol, currency, queryClient]);
  return ready;
}
