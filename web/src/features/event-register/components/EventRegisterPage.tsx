import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { heldRegistration, useEventRegistration, useHoldEventPlace } from '@/features/event-register/api/register-event';
import { RegistrationFlow } from '@/features/event-register/components/RegistrationFlow';
import { ApiError, isNotFound } from '@/lib/api/errors';
import { usePageLanguage } from '@/lib/i18n/use-page-language';

/** The longest event key the API accepts (docs/openapi.yaml). */
const MAX_KEY_LENGTH = 200;

/**
 * The route `/event/:key/register`: shows the event's form without taking a place; the place is held
 * when the visitor starts the registration (the first change to the form), and a reload continues with
 * the visitor's live hold. Then the stages register → brief (summary) → done. When no place is left
 * (421) or registration is closed (410) the visitor is sent to the event's page, which shows the
 * not-available page and says why.
 */
export function EventRegisterPage() {
  const { key = '' } = useParams();
  if (!key || key.length > MAX_KEY_LENGTH) return <NotFoundPage />;
  return <Registration eventKey={key} />;
}

function Registration({ eventKey }: { eventKey: string }) {
  const view = useEventRegistration(eventKey);
  const hold = useHoldEventPlace(eventKey);
  const location = useLocation();
  const queryClient = useQueryClient();
  const company = view.data?.company;
  useBrandTheme(company ? { primaryColor: company.primaryColor, secondaryColor: company.primaryColor } : null);
  const languageReady = usePageLanguage(view.isError ? null : company && { defaultCulture: company.defaultCulture });
  const refused = hold.error instanceof ApiError && (hold.error.status === 421 || hold.error.status === 410);
  // A visitor without a place of an event that takes no registration now goes to the event's page.
  const closed = view.data !== undefined && !view.data.available && heldRegistration(view.data) === null;
  const unavailable = refused || closed;
  // The event's page may be cached from a moment ago, when places were left: it is asked again.
  const [forgotten, setForgotten] = useState(false);
  useEffect(() => {
    if (!unavailable) return;
    queryClient.removeQueries({ queryKey: ['event', eventKey] });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the stale cache entry is removed
    setForgotten(true);
  }, [unavailable, queryClient, eventKey]);

  if (unavailable) {
    return forgotten ? <Navigate to={`/event/${encodeURIComponent(eventKey)}${location.search}`} replace /> : <LoadingScreen />;
  }
  if (view.isPending || !languageReady) return <LoadingScreen />;
  if (view.isError) {
    const error = view.error;
    return isNotFound(error) ? <NotFoundPage /> : <ErrorPage onRetry={() => void view.refetch()} />;
  }
  return <RegistrationFlow registration={view.data} onStart={hold.mutateAsync} />;
}
