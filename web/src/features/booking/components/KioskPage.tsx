import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { useCompanyPublic } from '@/features/booking/api/get-kiosk';
import { getProductsQueryOptions } from '@/features/booking/api/get-products';
import { KioskLayout } from '@/features/booking/components/KioskLayout';
import { isNotFound } from '@/lib/api/errors';
import { useConfig } from '@/lib/api/get-config';
import { isCompanyKey } from '@/lib/company-key';
import { chooseLanguage } from '@/lib/i18n';
import { findLanguage } from '@/lib/i18n/languages';

/**
 * The route `/kiosk/:key` (issue 15): the booking wizard on a screen at the circuit's counter, between the
 * company's left and right advertising images, in the kiosk's default language, or in the one its address
 * names (`?lang=de`, as the back office's kiosk address offers; an unknown one is ignored). An unknown key shows
 * 'Page not found'; any other failure the error page with a retry.
 */
export function KioskPage() {
  const { key = '' } = useParams();
  if (!isCompanyKey(key)) return <NotFoundPage />;
  return <Kiosk companyKey={key} />;
}

function Kiosk({ companyKey }: { companyKey: string }) {
  const queryClient = useQueryClient();
  const config = useConfig(companyKey);
  useBrandTheme(config.data?.theme);
  const company = useCompanyPublic(config.data?.idCompany, null);
  const idCompany = config.data?.idCompany;
  const [search] = useSearchParams();
  const asked = findLanguage(search.get('lang'))?.culture;
  const language = company.data ? (asked ?? company.data.kiosk.defaultLanguage) : undefined;
  const [ready, setReady] = useState(false);

  // The kiosk starts in its own language (not the browser's: the screen is the circuit's), with the
  // products asked for, so the page renders once, finished. In the one language rule (rule.ts) the
  // kiosk's language is this tab's choice, made by the circuit for its screen: kept for this tab only,
  // so that it never follows anyone into other tabs of the browser.
  useEffect(() => {
    if (idCompany === undefined || language === undefined) return;
    let live = true;
    void Promise.allSettled([chooseLanguage(language, { shared: false }), queryClient.prefetchQuery(getProductsQueryOptions(idCompany))]).then(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [idCompany, language, queryClient]);

  const failed = config.error ?? company.error;
  if (failed) {
    return isNotFound(failed) ? (
      <NotFoundPage />
    ) : (
      <ErrorPage
        onRetry={() => {
          void config.refetch();
          void company.refetch();
        }}
      />
    );
  }
  if (!config.data || !company.data || !ready) return <LoadingScreen />;
  return <KioskLayout config={config.data} companyKey={companyKey} kiosk={company.data.kiosk} />;
}
