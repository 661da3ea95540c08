import { Button, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusIcon, type StatusKind } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import type { BookingStatus } from '@/features/success/api/get-booking-status';
import type { Outcome } from '@/features/success/utils/outcome';
import { formatPrice, isolate } from '@/lib/format';
import { languageForCode } from '@/lib/i18n/languages';

interface OutcomeViewProps {
  outcome: Outcome;
  status: BookingStatus;
  /** The company's header, when the company is known. */
  header?: ReactNode;
  companyName?: string;
  /** ISO 4217 code of the company's currency, to show the total; the total is hidden without it. */
  currency?: string;
  /** The company's booking page, for 'book again' links. */
  bookingPage?: string;
  /** The page stopped polling while the payment is still being confirmed. */
  stillWaiting: boolean;
  /** A status request is under way. */
  checking: boolean;
  onCheckAgain: () => void;
  /** The booking's account (BookingDoneDetails), shown once it is booked. */
  details?: ReactNode;
}

const ICONS: Record<Outcome, StatusKind> = {
  paid: 'success',
  partiallyPaid: 'success',
  payAtCircuit: 'success',
  processing: 'pending',
  notPaid: 'error',
  refund: 'warning',
  cancelled: 'info',
};

/** Tells the customer the outcome of the booking, with what to do next. */
export function OutcomeView(props: OutcomeViewProps) {
  const { outcome, status, header, companyName, currency, bookingPage, stillWaiting, checking, onCheckAgain, details } = props;
  const { t, i18n } = useTranslation('success');
  const culture = languageForCode(i18n.resolvedLanguage ?? i18n.language).culture;
  const amount = currency && status.total > 0 ? formatPrice(status.total, '', culture, currency) : null;
  const booked = outcome === 'paid' || outcome === 'partiallyPaid' || outcome === 'payAtCircuit';
  const titleKey = outcome === 'processing' && stillWaiting ? 'stillProcessing' : outcome;

  return (
    <StatusPage
      title={t(`${titleKey}.title`)}
      icon={outcome === 'processing' && !stillWaiting ? <Loader size={56} aria-hidden /> : <StatusIcon kind={ICONS[outcome]} />}
      header={header}
      titleSuffix={companyName}
    >
      <Text size="lg" data-testid="outcome" data-outcome={outcome}>
        {t(`${titleKey}.body`)}
      </Text>
      {booked && amount && !details && (
        <Text fw={700} fz="xl">
          {t(outcome === 'payAtCircuit' ? 'amount.atCircuit' : 'amount.total', { amount: isolate(amount) })}
        </Text>
      )}
      {booked && details}
      {booked && <Text c="gray.7">{t('mail')}</Text>}
      {booked && <Text c="gray.7">{t('arrive')}</Text>}
      {outcome === 'processing' && !stillWaiting && (
        <Text c="gray.7" role="status">
          {t('processing.keepOpen')}
        </Text>
      )}
      {outcome === 'processing' && stillWaiting && (
        <Button onClick={onCheckAgain} loading={checking}>
          {t('stillProcessing.check')}
        </Button>
      )}
      {outcome === 'notPaid' && <Text c="gray.7">{t('notPaid.retry')}</Text>}
      {bookingPage && outcome !== 'processing' && (
        <Button component={Link} to={bookingPage} variant={booked ? 'light' : 'filled'}>
          {t(booked ? 'bookAnother' : 'backToBooking')}
        </Button>
      )}
    </StatusPage>
  );
}

/** The page when the booking does not exist (a mistyped or truncated link). */
export function BookingNotFound({ header, bookingPage }: { header?: ReactNode; bookingPage?: string }) {
  const { t } = useTranslation('success');
  return (
    <StatusPage title={t('notFound.title')} icon={<StatusIcon kind="error" />} header={header}>
      <Text size="lg">{t('notFound.body')}</Text>
      {bookingPage && (
        <Button component={Link} to={bookingPage}>
          {t('backToBooking')}
        </Button>
      )}
    </StatusPage>
  );
}
