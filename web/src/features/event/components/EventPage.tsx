import { useParams } from 'react-router';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { useEvent } from '@/features/event/api/get-event';
import { EventDetails } from '@/features/event/components/EventDetails';
import { EventNotAvailable } from '@/features/event/components/EventNotAvailable';
// eslint-disable-next-line import-x/no-restricted-paths -- the event page counts its live viewers like the booking page; a deliberate exception
import { useLiveViewers } from '@/features/live-viewers/hooks/use-live-viewers';
import { isNotFound } from '@/lib/api/errors';
import { usePageLanguage } from '@/lib/i18n/use-page-language';

/** The longest event key the API accepts (docs/openapi.yaml); anything longer cannot exist. */
const MAX_KEY_LENGTH = 200;

/**
 * The route `/event/:key`: the event's information page. While the event can be registered for (places
 * left or unlimited, not started) it shows the event's own page and the Register button; otherwise the
 * not-available page with the newsletter sign-up.
 */
export function EventPage() {
  const { key = '' } = useParams();
  if (!key || key.length > MAX_KEY_LENGTH) return <NotFoundPage />;
  return <EventView eventKey={key} />;
}

function EventView({ eventKey }: { eventKey: string }) {
  const event = useEvent(eventKey);
  const info = event.data;
  // Only an event that can still be registered for tells the visitor that others are looking at it.
  useLiveViewers('event', info?.available ? eventKey : null);
  useBrandTheme(info ? { primaryColor: info.company.primaryColor, secondaryColor: info.company.primaryColor } : null);
  const languageReady = usePageLanguage(event.isError ? null : info && { defaultCulture: info.company.defaultCulture });

  if (event.isPending || !languageReady || (event.isError && event.isFetching)) return <LoadingScreen />;
  if (event.isError) {
    return isNotFound(event.error) ? <NotFoundPage /> : <ErrorPage onRetry={() => void event.refetch()} />;
  }
  return event.data.available ? <EventDetails info={event.data} /> : <EventNotAvailable info={event.data} eventKey={eventKey} />;
}
