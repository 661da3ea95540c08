import { useParams } from 'react-router';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { useConfig } from '@/features/booking/api/get-config';
import { BookingLayout } from '@/features/booking/components/BookingLayout';
import { useLiveViewers } from '@/features/live-viewers/hooks/use-live-viewers';
import { isNotFound } from '@/lib/api/errors';

/** The longest company key the API accepts (docs/openapi.yaml); anything longer cannot exist. */
const MAX_KEY_LENGTH = 200;

/**
 * The route `/:key`: the booking page of the company whose public key is in the path. Because the route
 * matches any single segment, an unknown key shows 'Page not found'; any other failure the error page.
 */
export function BookingPage() {
  const { key = '' } = useParams();
  if (key.length > MAX_KEY_LENGTH) return <NotFoundPage />;
  return <CompanyBooking companyKey={key} />;
}

function CompanyBooking({ companyKey }: { companyKey: string }) {
  const config = useConfig(companyKey);
  useLiveViewers('booking', config.isSuccess ? companyKey : null); // the 'hurry' toast when someone else views it
  if (config.isPending || (config.isError && config.isFetching)) return <LoadingScreen />;
  if (config.isError) {
    return isNotFound(config.error) ? <NotFoundPage /> : <ErrorPage onRetry={() => void config.refetch()} />;
  }
  return <BookingLayout config={config.data} companyKey={companyKey} />;
}
