import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { useEventRegistration } from '@/features/event-register/api/register-event';
import { RegistrationFlow } from '@/features/event-register/components/RegistrationFlow';
import { ApiError, isNotFound } from '@/lib/api/errors';

/** The longest event key the API accepts (docs/openapi.yaml). */
const MAX_KEY_LENGTH = 200;

/**
 * The route `/event/:key/register`: holds one place of the event for the visitor on entry, then runs the
 * stages register → brief (summary) → done. When no place is left (421) or registration is closed (410)
 * the visitor is sent to the event's page, which shows the not-available page and says why.
 */
export function EventRegisterPage() {
  const { key = '' } = useParams();
  if (!key || key.length > MAX_KEY_LENGTH) return <NotFoundPage />;
  return <Registration eventKey={key} />;
}

function Registration({ eventKey }: { eventKey: string }) {
  const hold = useEventRegistration(eventKey);
  const location = useLocation();
  const queryClient = useQueryClient();
  const company = hold.data?.company;
  useBrandTheme(company ? { primaryColor: company.primaryColor, secondaryColor: company.primaryColor } : null);
  const unavailable = hold.error instanceof ApiError && (hold.error.status === 421 || hold.error.status === 410);
  // The event's page may be cached from a moment ago, when places were left: it is asked again.
  const [forgotten, setForgotten] = useState(false);
  useEffect(() => {
    if (!unavailable) return;
    queryClient.removeQueries({ queryKey: ['event', eventKey] });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the stale cache entry is removed
    setForgotten(true);
  }, [unavailable, queryClient, eventKey]);

  if (hold.isPending) return <LoadingScreen />;
  if (hold.isError) {
    if (unavailable) {
      return forgotten ? <Navigate to={`/event/${encodeURIComponent(eventKey)}${location.search}`} replace /> : <LoadingScreen />;
    }
    const error = hold.error;
    return isNotFound(error) ? <NotFoundPage /> : <ErrorPage onRetry={() => void hold.refetch()} />;
  }
  return <RegistrationFlow registration={hold.data} />;
}
