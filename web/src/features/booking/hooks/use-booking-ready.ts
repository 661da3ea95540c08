import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { getProductsQueryOptions } from '@/features/booking/api/get-products';
import type { CompanyConfig } from '@/lib/api/get-config';
import { applyDefaultCulture } from '@/lib/i18n';

/**
 * Whether the booking page of a loaded company can be shown: its language is loaded and switched to (unless
 * the visitor chose one) and its products have been asked for (answered or failed). Until then the loading
 * screen stays, so the page renders once, in the company's language and with its products, instead of in
 * English first and again after each arrives (on a slow phone each of those renders blocked the page for
 * hundreds of milliseconds). The update that shows the page is a transition: React renders it in slices
 * and the main thread stays free in between. Once shown, the page stays shown.
 */
export function useBookingReady(config: CompanyConfig | undefined): boolean {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const culture = config?.defaultCulture;
  const idCompany = config?.idCompany;
  useEffect(() => {
    if (idCompany === undefined || ready) return;
    let live = true;
    void Promise.allSettled([
      applyDefaultCulture(culture),
      queryClient.prefetchQuery(getProductsQueryOptions(idCompany)), // the wizard shows a failure itself
    ]).then(() => {
      // A language that failed to load leaves the page in English rather than on the loading screen.
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [culture, idCompany, queryClient, ready]);
  return ready;
}
