import { lazy, useEffect } from 'react';
import { useParams } from 'react-router';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { BookingLayout } from '@/features/booking/components/BookingLayout';
import { useBookingReady } from '@/features/booking/hooks/use-booking-ready';
import { AfterLoad } from '@/lib/after-load';
import { isNotFound } from '@/lib/api/errors';
import { useConfig } from '@/lib/api/get-config';
import { isCompanyKey, rememberCompanyKey } from '@/lib/company-key';

// The 'hurry' toast when someone else views this page: its code and socket load after the page.
const LiveViewers = lazy(async () => ({
  // eslint-disable-next-line import-x/no-restricted-paths -- the live-viewers widget shows on the booking page; a deliberate exception
  default: (await import('@/features/live-viewers/components/LiveViewers')).LiveViewers,
}));

/**
 * The route `/:key`: the booking page of the company whose public key is in the path. Because the route
 * matches any single segment, an unknown key shows 'Page not found'; any other failure the error page.
 */
export function BookingPage() {
  const { key = '' } = useParams();
  if (!isCompanyKey(key)) return <NotFoundPage />;
  return <CompanyBooking companyKey={key} />;
}

function CompanyBooking({ companyKey }: { companyKey: string }) {
  const config = useConfig(companyKey);
  // The brand and language are applied while the loading screen shows, so the page renders once, finished.
  useBrandTheme(config.data?.theme);
  const ready = useBookingReady(config.data);
  // Remembered for the session: /success, /terms and the event pages show this company's brand without ?company=.
  const known = config.isSuccess;
  useEffect(() => {
    if (known) rememberCompanyKey(companyKey);
  }, [known, companyKey]);
  return (
    <>
      <AfterLoad>
        <LiveViewers page="booking" pageKey={known ? companyKey : null} />
      </AfterLoad>
      <CompanyBookingContent config={config} ready={ready} companyKey={companyKey} />
    </>
  );
}

function CompanyBookingContent({
  config,
  ready,
  companyKey,
}: {
  config: ReturnType<typeof useConfig>;
  ready: boolean;
  companyKey: string;
}) {
  if (config.isPending || (config.isError && config.isFetching)) return <LoadingScreen />;
  if (config.isError) {
    return isNotFound(config.error) ? <NotFoundPage /> : <ErrorPage onRetry={() => void config.refetch()} />;
  }
  if (!ready) return <LoadingScreen />;
  return <BookingLayout config={config.data} companyKey={companyKey} />;
}
