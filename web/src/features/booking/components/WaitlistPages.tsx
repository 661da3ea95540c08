import { Alert, Button, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '@/components/LoadingScreen';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import { getWaitlistEntry, leaveWaitlist, openWaitlistOffer } from '@/features/booking/api/waitlist';
import { wizardStorageKey, writeSession } from '@/features/booking/utils/storage';
import { offerState } from '@/features/booking/utils/waitlist-offer';
import { ApiError, isNotFound } from '@/lib/api/errors';
import { formatHour, formatLongDate, isolate } from '@/lib/format';
import { usePageLanguage } from '@/lib/i18n/use-page-language';
import { adoptVisitorId } from '@/lib/visitor';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

/** A link's key: 256 bits in hex. */
const KEY = /^[0-9a-f]{64}$/;

const isGone = (error: unknown) => error instanceof ApiError && error.status === 410;

/**
 * The route `/waitlist/offer/:token`, the link of an offer mail: the offer's cart becomes the booking
 * wizard's, on the drivers-and-contact stage with the session held, and the booking page opens.
 */
export function WaitlistOfferPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('booking');
  const { t: ts } = useTranslation('bookingSteps');
  const navigate = useNavigate();
  const ready = usePageLanguage(null);
  const offer = useQuery({
    queryKey: ['waitlist-offer', token],
    queryFn: () => openWaitlistOffer(token),
    enabled: KEY.test(token),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (!offer.data) return;
    const { eventKey, visitorId } = offer.data;
    if (eventKey && visitorId) {
      // An event's place: held for the offer's visitor id, which this browser takes, and the
      // registration page continues with it.
      adoptVisitorId(visitorId);
      void navigate(`/event/${encodeURIComponent(eventKey)}/register`, { replace: true });
      return;
    }
    writeSession(wizardStorageKey(offer.data.publicKey), offerState(offer.data));
    void navigate(`/${offer.data.publicKey}`, { replace: true });
  }, [navigate, offer.data]);

  if (!ready || (KEY.test(token) && (offer.isPending || offer.data))) return <LoadingScreen />;
  const kind = !KEY.test(token) || isNotFound(offer.error) ? 'notFound' : isGone(offer.error) ? 'gone' : 'failed';
  return (
    <>
      <StatusPage title={ts('waitlist.offer.title')} icon={<StatusIcon kind="error" />}>
        <Text size="lg">{ts(`waitlist.offer.${kind}`)}</Text>
        {kind === 'failed' && <Button onClick={() => void offer.refetch()}>{t('retry')}</Button>}
      </StatusPage>
      <ProblemReportFooter />
    </>
  );
}

/**
 * The route `/waitlist/leave/:token`, the link in every waiting-list mail: the entry's session and
 * position, and the button that leaves the list. Opening the page changes nothing (mail scanners open
 * links): only the button does.
 */
export function WaitlistLeavePage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation('booking');
  const { t: ts } = useTranslation('bookingSteps');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const ready = usePageLanguage(null);
  const entry = useQuery({
    queryKey: ['waitlist-entry', token],
    queryFn: () => getWaitlistEntry(token),
    enabled: KEY.test(token),
    retry: false,
  });
  const leave = useMutation({ mutationFn: () => leaveWaitlist(token) });

  if (!ready || (KEY.test(token) && entry.isPending)) return <LoadingScreen />;
  const e = leave.data ?? entry.data;
  if (!e) {
    const notFound = !KEY.test(token) || isNotFound(entry.error);
    return (
      <>
        <StatusPage title={ts('waitlist.leave.title')} icon={<StatusIcon kind="error" />}>
          <Text size="lg">{notFound ? ts('waitlist.leave.notFound') : ts('waitlist.leave.failed')}</Text>
          {!notFound && <Button onClick={() => void entry.refetch()}>{t('retry')}</Button>}
        </StatusPage>
        <ProblemReportFooter />
      </>
    );
  }
  const [day, time] = e.date.split(' ');
  const date = `${isolate(formatLongDate(day, language))} ${isolate(formatHour(time ?? ''))}`;
  const open = e.state === 'waiting' || e.state === 'offered';
  return (
    <>
      <StatusPage
        title={leave.data ? ts('waitlist.leave.done') : ts('waitlist.leave.title')}
        icon={leave.data ? <StatusIcon kind="success" /> : undefined}
      >
        <Text size="lg">{ts('waitlist.leave.status', { date, count: e.numDrivers })}</Text>
        {!leave.data && e.state === 'waiting' && <Text>{ts('waitlist.leave.waiting', { position: e.position })}</Text>}
        {!leave.data && e.state === 'offered' && <Text>{ts('waitlist.leave.offered')}</Text>}
        {!leave.data && !open && <Text>{ts('waitlist.leave.ended')}</Text>}
        {leave.isError && (
          <Alert color="red" role="alert" w="100%">
            {ts('waitlist.leave.failed')}
          </Alert>
        )}
        {!leave.data && open && (
          <Button size="md" color="dark" loading={leave.isPending} onClick={() => leave.mutate()}>
            {ts('waitlist.leave.button')}
          </Button>
        )}
      </StatusPage>
      <ProblemReportFooter />
    </>
  );
}
