import { useSearchParams } from 'react-router';
import { BrandedHeader } from '@/components/BrandedHeader';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { ServiceUnavailablePage } from '@/components/ServiceUnavailablePage';
import { useBookingStatus } from '@/features/success/api/get-booking-status';
import { useConfig } from '@/lib/api/get-config';
import { BookingNotFound, OutcomeView } from '@/features/success/components/OutcomeView';
import { useCompanyKey } from '@/lib/company-key';
import { usePollWindow } from '@/features/success/hooks/use-poll-window';
import { outcomeOf } from '@/features/success/utils/outcome';
import { ApiError, isNotFound } from '@/lib/api/errors';
import { BookingDoneDetails } from '@/components/BookingDoneDetails';
import { useBookingSummary } from '@/lib/api/get-booking-summary';
import { usePageLanguage } from '@/lib/i18n/use-page-language';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

/** How often the page asks again while a payment is being confirmed. */
export const POLL_EVERY_MS = 2_000;
/** How long the page keeps asking before it says the payment is still being processed. */
export const POLL_FOR_MS = 60_000;

/** The longest booking identifier the API accepts. */
const MAX_IDENTIFIER_LENGTH = 128;

/**
 * The route `/success?booking=<identifier>[&cancelled=1]`, where the booking page and the payment
 * provider send the customer: it asks the server for the booking's status and tells the truth — paid,
 * to be paid at the circuit, still being processed, or not paid (nothing booked).
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const identifier = params.get('booking');
  if (!identifier || identifier.length > MAX_IDENTIFIER_LENGTH) return <NotFoundPage />;
  return <Success identifier={identifier} returnedCancelled={params.get('cancelled') === '1'} />;
}

/** The done page with the problem report under it, for the booking's company when it is known. */
function Success(props: { identifier: string; returnedCancelled: boolean }) {
  const config = useConfig(useCompanyKey());
  return (
    <>
      <SuccessContent {...props} />
      <ProblemReportFooter companyId={config.data?.idCompany} />
    </>
  );
}

function SuccessContent({ identifier, returnedCancelled }: { identifier: string; returnedCancelled: boolean }) {
  const companyKey = useCompanyKey();
  const config = useConfig(companyKey);
  const pollWindow = usePollWindow(POLL_FOR_MS);
  const status = useBookingStatus(
    identifier,
    (s) => pollWindow.active && outcomeOf(s, returnedCancelled) === 'processing',
    POLL_EVERY_MS,
  );
  useBrandTheme(config.data?.theme ?? null);
  const outcome = status.data ? outcomeOf(status.data, returnedCancelled) : null;
  const booked = outcome === 'paid' || outcome === 'partiallyPaid' || outcome === 'payAtCircuit';
  // The booking's account (reference, sessions, drivers, payment, calendar) once it is booked.
  const summary = useBookingSummary(booked ? identifier : null);
  // The rule's last step on a done page: the booking's language (the one its booking page showed, by the
  // same rule), else the company's default, else none (a booking the server does not know).
  const languageReady = usePageLanguage(
    status.data
      ? { defaultCulture: status.data.culture }
      : status.isPending
        ? undefined
        : config.data
          ? { defaultCulture: config.data.defaultCulture }
          : companyKey !== null && config.isPending
            ? undefined
            : null,
  );

  // The company's branding is usually cached from the booking page; wait for it briefly so that the page
  // does not change colour under the customer's eyes.
  if (status.isPending || !languageReady || (companyKey !== null && config.isPending)) return <LoadingScreen />;

  const bookingPage = companyKey ? `/${encodeURIComponent(companyKey)}` : undefined;
  const header = config.data ? (
    <BrandedHeader
      companyName={config.data.companyName}
      logo={config.data.logo}
      primaryColor={config.data.theme.primaryColor}
      href={bookingPage}
    />
  ) : undefined;

  if (!status.data) {
    if (isNotFound(status.error)) return <BookingNotFound header={header} bookingPage={bookingPage} />;
    if (status.isFetching) return <LoadingScreen />;
    const retry = () => void status.refetch();
    return status.error instanceof ApiError && status.error.status < 500 ? (
      <BookingNotFound header={header} bookingPage={bookingPage} />
    ) : (
      <ServiceUnavailablePage onRetry={retry} />
    );
  }

  return (
    <OutcomeView
      outcome={outcomeOf(status.data, returnedCancelled)}
      details={
        booked && summary.data ? (
          <BookingDoneDetails summary={summary.data} symbol={config.data?.simbolCoinType} />
        ) : undefined
      }
      status={status.data}
      header={header}
      companyName={config.data?.companyName}
      currency={config.data?.currency}
      bookingPage={bookingPage}
      stillWaiting={!pollWindow.active}
      checking={status.isFetching}
      onCheckAgain={() => {
        pollWindow.restart();
        void status.refetch();
      }}
    />
  );
}
