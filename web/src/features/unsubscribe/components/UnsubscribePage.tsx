import { Button, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/LoadingScreen';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import { useUnsubscribe } from '@/features/unsubscribe/api/unsubscribe';
import { ApiError, isNotFound } from '@/lib/api/errors';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

/** The longest key a link can carry; anything longer cannot exist. */
const MAX_KEY_LENGTH = 200;

/**
 * The route `/member/unsubscribe/:key`, opened from a mail's unsubscribe link: a loading screen, then the
 * 'you have unsubscribed' box, or the error page.
 */
export function UnsubscribePage() {
  const { key = '' } = useParams();
  return (
    <>
      {key.length === 0 || key.length > MAX_KEY_LENGTH ? <UnsubscribeFailed notFound /> : <Unsubscribe memberKey={key} />}
      <ProblemReportFooter />
    </>
  );
}

function Unsubscribe({ memberKey }: { memberKey: string }) {
  const { t } = useTranslation('unsubscribe');
  const result = useUnsubscribe(memberKey);
  if (result.isPending || result.isFetching) return <LoadingScreen />;
  if (result.isError) {
    return (
      <UnsubscribeFailed
        notFound={isNotFound(result.error)}
        tooMany={result.error instanceof ApiError && result.error.status === 429}
        onRetry={() => void result.refetch()}
      />
    );
  }
  return (
    <StatusPage title={t('done.title')} icon={<StatusIcon kind="success" />}>
      <Text size="lg">{t('done.body')}</Text>
      <Text c="gray.7">{t('done.bookings')}</Text>
    </StatusPage>
  );
}

interface UnsubscribeFailedProps {
  notFound?: boolean;
  tooMany?: boolean;
  onRetry?: () => void;
}

function UnsubscribeFailed({ notFound, tooMany, onRetry }: UnsubscribeFailedProps) {
  const { t } = useTranslation('unsubscribe');
  const kind = notFound ? 'unknown' : tooMany ? 'tooMany' : 'other';
  return (
    <StatusPage title={t(`failed.${kind}.title`)} icon={<StatusIcon kind="error" />}>
      <Text size="lg">{t(`failed.${kind}.body`)}</Text>
      {!notFound && onRetry && <Button onClick={onRetry}>{t('failed.retry')}</Button>}
    </StatusPage>
  );
}
