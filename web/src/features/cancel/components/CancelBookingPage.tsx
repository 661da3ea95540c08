import { Button, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/LoadingScreen';
import { ServiceUnavailablePage } from '@/components/ServiceUnavailablePage';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import { useCancelBooking } from '@/features/cancel/api/cancel-booking';
import { ApiError } from '@/lib/api/errors';

/** The longest cancellation token the API accepts (docs/openapi.yaml). */
const MAX_TOKEN_LENGTH = 64;

/**
 * The route `/cancelBooking/:token`, opened from the confirmation mail's link: cancels the booking at
 * once and tells the outcome.
 */
export function CancelBookingPage() {
  const { token = '' } = useParams();
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return <CancelFailed status={404} />;
  return <CancelBooking token={token} />;
}

function CancelBooking({ token }: { token: string }) {
  const cancel = useCancelBooking(token);
  if (cancel.isPending || cancel.isFetching) return <LoadingScreen />;
  if (cancel.isError) {
    const error = cancel.error;
    if (!(error instanceof ApiError) || error.status >= 500) {
      return <ServiceUnavailablePage onRetry={() => void cancel.refetch()} />;
    }
    if (error.status === 409) return <AlreadyCancelled />;
    return <CancelFailed status={error.status} message={error.message} onRetry={() => void cancel.refetch()} />;
  }
  return <Cancelled />;
}

function Cancelled() {
  const { t } = useTranslation('cancel');
  return (
    <StatusPage title={t('cancelled.title')} icon={<StatusIcon kind="success" />}>
      <Text size="lg">{t('cancelled.body')}</Text>
      <Text c="gray.7">{t('cancelled.mail')}</Text>
      <Text c="gray.7" size="sm">
        {t('cancelled.refunds')}
      </Text>
    </StatusPage>
  );
}

function AlreadyCancelled() {
  const { t } = useTranslation('cancel');
  return (
    <StatusPage title={t('already.title')} icon={<StatusIcon kind="info" />}>
      <Text size="lg">{t('already.body')}</Text>
    </StatusPage>
  );
}

interface CancelFailedProps {
  status: number;
  /** The server's explanation (safe to show), for a refusal. */
  message?: string;
  onRetry?: () => void;
}

/** The error page: the link is unknown, it is too late to cancel online, or too many attempts. */
function CancelFailed({ status, message, onRetry }: CancelFailedProps) {
  const { t } = useTranslation('cancel');
  const kind = status === 404 ? 'unknown' : status === 429 ? 'tooMany' : 'refused';
  return (
    <StatusPage title={t(`failed.${kind}.title`)} icon={<StatusIcon kind="error" />}>
      <Text size="lg">{t(`failed.${kind}.body`)}</Text>
      {kind === 'refused' && message && (
        <Text c="gray.7" data-testid="server-message">
          {message}
        </Text>
      )}
      {kind === 'tooMany' && onRetry && <Button onClick={onRetry}>{t('failed.retry')}</Button>}
    </StatusPage>
  );
}
