import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BrandedHeader } from '@/components/BrandedHeader';
import { LoadingScreen } from '@/components/LoadingScreen';
import { ServiceUnavailablePage } from '@/components/ServiceUnavailablePage';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import { useCancelBooking } from '@/features/cancel/api/cancel-booking';
import { type CancelMoney, type CancelView, useCancelPreview } from '@/features/cancel/api/cancel-preview';
import { BookingSummary } from '@/features/cancel/components/BookingSummary';
import { moneyLines } from '@/features/cancel/components/money';
import { ApiError } from '@/lib/api/errors';
import { formatPrice } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { usePageLanguage } from '@/lib/i18n/use-page-language';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

/** The longest cancellation token the API accepts (docs/openapi.yaml). */
const MAX_TOKEN_LENGTH = 64;

/**
 * The route `/cancelBooking/:token`, opened from the confirmation mail's link. Opening it never cancels:
 * the page shows the booking and what cancelling means for the money, and cancels only when the person
 * presses Cancel booking and confirms.
 */
export function CancelBookingPage() {
  const { token = '' } = useParams();
  return (
    <>
      {token.length === 0 || token.length > MAX_TOKEN_LENGTH ? <CancelFailed status={404} /> : <CancelBooking token={token} />}
      <ProblemReportFooter />
    </>
  );
}

function CancelBooking({ token }: { token: string }) {
  const preview = useCancelPreview(token);
  const cancel = useCancelBooking(token);
  const [justCancelled, setJustCancelled] = useState(false);
  // The booking's company, once known, is the rule's last step; a link that names none goes without it.
  const languageReady = usePageLanguage(preview.isError ? null : preview.data && { defaultCulture: preview.data.defaultCulture });

  if (cancel.isError) {
    const error = cancel.error;
    if (!(error instanceof ApiError) || error.status >= 500) {
      return <ServiceUnavailablePage onRetry={() => cancel.mutate(undefined, { onSuccess: () => setJustCancelled(true) })} />;
    }
    return <CancelFailed status={error.status} message={error.message} />;
  }
  if (preview.isPending || !languageReady) return <LoadingScreen />;
  if (preview.isError) {
    const error = preview.error;
    if (!(error instanceof ApiError) || error.status >= 500) {
      return <ServiceUnavailablePage onRetry={() => void preview.refetch()} />;
    }
    return <CancelFailed status={error.status} onRetry={() => void preview.refetch()} />;
  }
  const view = preview.data;
  if (view.status === 'cancelada') return justCancelled ? <Cancelled view={view} /> : <AlreadyCancelled view={view} />;
  if (!view.cancellable) return <NotCancellable view={view} />;
  return (
    <Preview
      view={view}
      cancelling={cancel.isPending}
      onCancel={() => cancel.mutate(undefined, { onSuccess: () => setJustCancelled(true) })}
    />
  );
}

interface PreviewProps {
  view: CancelView;
  cancelling: boolean;
  onCancel: () => void;
}

/** The booking, what cancelling means for the money, and the Cancel booking button with its confirmation. */
function Preview({ view, cancelling, onCancel }: PreviewProps) {
  const { t } = useTranslation('cancel');
  const [confirming, setConfirming] = useState(false);
  return (
    <StatusPage title={t('preview.title')} icon={<StatusIcon kind="info" />} header={<CompanyHeader view={view} />} titleSuffix={view.company}>
      <Text size="lg">{t('preview.intro')}</Text>
      <BookingSummary view={view} />
      {view.money && <MoneyInfo money={view.money} currency={view.currency} when="preview" />}
      <Button color="red.8" size="md" onClick={() => setConfirming(true)} loading={cancelling}>
        {t('preview.button')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirm.title')}
        centered
        closeButtonProps={{ 'aria-label': t('confirm.close') }}
      >
        <Stack gap="md">
          <Text>{t('confirm.body')}</Text>
          {view.money && <MoneyInfo money={view.money} currency={view.currency} when="preview" plain />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('confirm.no')}
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                setConfirming(false);
                onCancel();
              }}
            >
              {t('confirm.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </StatusPage>
  );
}

interface MoneyInfoProps {
  money: CancelMoney;
  currency: string;
  /** Before the cancellation (what will happen) or after it (what happened). */
  when: 'preview' | 'result';
  /** Plain text instead of a highlighted box (inside the confirmation). */
  plain?: boolean;
}

/** What cancelling does, or did, with the money, in sentences with the amounts. */
function MoneyInfo({ money, currency, when, plain }: MoneyInfoProps) {
  const { t } = useTranslation('cancel');
  const culture = currentLanguage().culture;
  const sentences = moneyLines(money).map((line) => (
    <Text key={line.key} data-testid={`money-${line.key}`}>
      {t(`${when}.money.${line.key}`, { amount: `\u2068${formatPrice(line.amount, '', culture, currency)}\u2069` })}
    </Text>
  ));
  if (plain) return <Stack gap={4}>{sentences}</Stack>;
  return (
    <Alert variant="light" color={money.toCard > 0 || money.atDesk > 0 ? 'blue' : 'gray'} title={t(`${when}.money.heading`)} w="100%" ta="start">
      <Stack gap={4}>{sentences}</Stack>
    </Alert>
  );
}

/** The result of pressing Cancel booking. */
function Cancelled({ view }: { view: CancelView }) {
  const { t } = useTranslation('cancel');
  return (
    <StatusPage title={t('cancelled.title')} icon={<StatusIcon kind="success" />} header={<CompanyHeader view={view} />} titleSuffix={view.company}>
      <Text size="lg">{t('cancelled.body')}</Text>
      {view.money && <MoneyInfo money={view.money} currency={view.currency} when="result" />}
      <Text c="gray.7">{t('cancelled.mail')}</Text>
      <BookingSummary view={view} />
    </StatusPage>
  );
}

/** A booking cancelled before this visit (by this link in another tab, or by the circuit). */
function AlreadyCancelled({ view }: { view: CancelView }) {
  const { t } = useTranslation('cancel');
  return (
    <StatusPage title={t('already.title')} icon={<StatusIcon kind="info" />} header={<CompanyHeader view={view} />} titleSuffix={view.company}>
      <Text size="lg">{t('already.body')}</Text>
      {view.money && <MoneyInfo money={view.money} currency={view.currency} when="result" />}
      <BookingSummary view={view} />
    </StatusPage>
  );
}

/** A booking the customer can no longer cancel online, and why. */
function NotCancellable({ view }: { view: CancelView }) {
  const { t } = useTranslation('cancel');
  const reason = view.reason === 'started' || view.reason === 'noDate' ? view.reason : 'closed';
  return (
    <StatusPage title={t('failed.refused.title')} icon={<StatusIcon kind="error" />} header={<CompanyHeader view={view} />} titleSuffix={view.company}>
      <Text size="lg" data-testid="refusal-reason">
        {t(`reason.${reason}`)}
      </Text>
      <Text c="gray.7">{t('failed.refused.body')}</Text>
      <Contact view={view} />
      <BookingSummary view={view} />
    </StatusPage>
  );
}

/** The circuit's bar: its logo, or its name. */
function CompanyHeader({ view }: { view: CancelView }) {
  return <BrandedHeader companyName={view.company} logo={view.logo} primaryColor={view.primaryColor} />;
}

/**
 * How to reach the circuit for what the page cannot do: its phone (a tel: link) and its contact address,
 * those it has. Both are isolated left to right, so that an Arabic page does not reorder "+34 942 12 34 56";
 * the number never wraps (a long address may, on a phone). Dark blue links: the default blue fails contrast.
 */
function Contact({ view }: { view: CancelView }) {
  const { t } = useTranslation('cancel');
  if (!view.contactEmail && !view.contactPhone) return null;
  return (
    <Stack gap={4} data-testid="company-contact">
      {view.contactPhone && (
        <Text data-testid="company-phone">
          {t('contact.phone')}{' '}
          <Anchor href={`tel:${view.contactPhone.replace(/[^+\d]/g, '')}`} c="blue.8" underline="always" style={{ whiteSpace: 'nowrap' }}>
            <bdi dir="ltr">{view.contactPhone}</bdi>
          </Anchor>
        </Text>
      )}
      {view.contactEmail && (
        <Text data-testid="company-email">
          {t('contact.email')}{' '}
          <Anchor href={`mailto:${view.contactEmail}`} c="blue.8" underline="always" style={{ overflowWrap: 'anywhere' }}>
            <bdi dir="ltr">{view.contactEmail}</bdi>
          </Anchor>
        </Text>
      )}
    </Stack>
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
