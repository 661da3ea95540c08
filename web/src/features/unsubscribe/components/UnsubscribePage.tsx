import { Alert, Button, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandedHeader } from '@/components/BrandedHeader';
import { LoadingScreen } from '@/components/LoadingScreen';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import { useUnsubscribe, useUnsubscribeLink, type UnsubscribeLink } from '@/features/unsubscribe/api/unsubscribe';
import { ApiError, isNotFound } from '@/lib/api/errors';
import { usePageLanguage } from '@/lib/i18n/use-page-language';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

/** The longest key a link can carry; anything longer cannot exist. */
const MAX_KEY_LENGTH = 200;

/**
 * The route `/member/unsubscribe/:key`, opened from a mail's unsubscribe link: a loading screen, then
 * whose address it is and which circuit's news and offers, with the "Stop promotional e-mails" button,
 * then the 'you have unsubscribed' box; or the error page. Opening the page changes nothing (mail
 * scanners and link previews open links): only the button unsubscribes.
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

/** A company's name isolated from the sentence around it, so a right-to-left text keeps its punctuation. */
const isolate = (text: string) => `\u2068${text}\u2069`;

function Unsubscribe({ memberKey }: { memberKey: string }) {
  const link = useUnsubscribeLink(memberKey);
  // The member's company, once known, is the rule's last step; a link that names none goes without it.
  const languageReady = usePageLanguage(link.isError ? null : link.data && { defaultCulture: link.data.defaultCulture });
  if (link.isPending || !languageReady || (link.isFetching && link.isError)) return <LoadingScreen />;
  if (link.isError) {
    return (
      <UnsubscribeFailed
        notFound={isNotFound(link.error)}
        tooMany={isTooMany(link.error)}
        onRetry={() => void link.refetch()}
      />
    );
  }
  return <MemberLink memberKey={memberKey} link={link.data} />;
}

const isTooMany = (error: unknown) => error instanceof ApiError && error.status === 429;

function MemberLink({ memberKey, link }: { memberKey: string; link: UnsubscribeLink }) {
  const { t } = useTranslation('unsubscribe');
  const stop = useUnsubscribe(memberKey);
  const header = <BrandedHeader companyName={link.company} logo={link.logo} primaryColor={link.primaryColor} />;
  const values = { company: isolate(link.company) };
  const address = (
    <Text fw={700} size="lg" dir="ltr" data-testid="member-email">
      {link.email}
    </Text>
  );
  if (!link.subscribed) {
    return (
      <StatusPage key="done" title={t('done.title')} icon={<StatusIcon kind="success" />} header={header} titleSuffix={link.company}>
        <Text size="lg">{t('done.body', values)}</Text>
        {address}
        <Text c="gray.7">{t('done.bookings')}</Text>
      </StatusPage>
    );
  }
  return (
    <StatusPage key="confirm" title={t('confirm.title')} header={header} titleSuffix={link.company}>
      <Text size="lg">{t('confirm.body', values)}</Text>
      {address}
      {stop.isError && (
        <Alert color="red" role="alert" w="100%">
          {isNotFound(stop.error)
            ? t('failed.unknown.body')
            : isTooMany(stop.error)
              ? t('failed.tooMany.body')
              : t('confirm.failed')}
        </Alert>
      )}
      <Button size="md" color="dark" loading={stop.isPending} onClick={() => stop.mutate()}>
        {t('confirm.button')}
      </Button>
      <Text c="gray.7" size="sm">
        {t('done.bookings')}
      </Text>
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
