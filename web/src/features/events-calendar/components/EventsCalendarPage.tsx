import { Alert, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BrandedHeader } from '@/components/BrandedHeader';
import { useBrandTheme } from '@/components/BrandThemeProvider';
import { ErrorPage } from '@/components/ErrorPage';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { useConfig, type CompanyConfig } from '@/lib/api/get-config';
import { useEvents, type CalendarEvent, type DayWindow } from '@/features/events-calendar/api/list-events';
import classes from '@/features/events-calendar/components/Calendar.module.css';
import { EventDialog } from '@/features/events-calendar/components/EventDialog';
import { UpcomingEvents } from '@/features/events-calendar/components/UpcomingEvents';
import { isNotFound } from '@/lib/api/errors';
import { isCompanyKey, rememberCompanyKey } from '@/lib/company-key';
import { currentLanguage } from '@/lib/i18n';
import { usePageLanguage } from '@/lib/i18n/use-page-language';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

// FullCalendar is loaded only when the calendar is shown.
const WeekCalendar = lazy(() => import('@/features/events-calendar/components/WeekCalendar'));


/**
 * The route `/events/:key`: the company's events in a week calendar (week view only, not selectable).
 * Clicking an event opens a dialog with its start and end date and time.
 */
export function EventsCalendarPage() {
  const { key = '' } = useParams();
  if (!isCompanyKey(key)) return <NotFoundPage />;
  return <CompanyCalendar companyKey={key} />;
}

function CompanyCalendar({ companyKey }: { companyKey: string }) {
  const config = useConfig(companyKey);
  useBrandTheme(config.data?.theme ?? null);
  const languageReady = usePageLanguage(config.isError ? null : config.data && { defaultCulture: config.data.defaultCulture });
  useEffect(() => {
    if (config.data) rememberCompanyKey(companyKey);
  }, [config.data, companyKey]);

  if (config.isPending || !languageReady || (config.isError && config.isFetching)) return <LoadingScreen />;
  if (config.isError) {
    return isNotFound(config.error) ? <NotFoundPage /> : <ErrorPage onRetry={() => void config.refetch()} />;
  }
  return <CalendarView config={config.data} companyKey={companyKey} />;
}

function CalendarView({ config, companyKey }: { config: CompanyConfig; companyKey: string }) {
  const { t } = useTranslation('eventsCalendar');
  const language = currentLanguage();
  const [week, setWeek] = useState<DayWindow | null>(null);
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const weekEvents = useEvents(config.idCompany, week, week !== null);
  const upcoming = useEvents(config.idCompany, null);
  // FullCalendar reports the visible dates after every render: only a different week is a change.
  const onWeekChange = useCallback(
    (next: DayWindow) =>
      setWeek((current) => (current && current.date === next.date && current.dateEnd === next.dateEnd ? current : next)),
    [],
  );

  return (
    <div className={classes.page}>
      <title>{`${t('title')} – ${config.companyName}`}</title>
      <BrandedHeader companyName={config.companyName} logo={config.logo} primaryColor={config.theme.primaryColor} href={`/${encodeURIComponent(companyKey)}`} />
      <main id="main" className={classes.main}>
        <Container size="lg" px={0}>
          <Stack gap="md">
            <div>
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                {t('title')}
              </Title>
              <Text c="gray.7">{t('intro', { company: config.companyName })}</Text>
            </div>
            {weekEvents.isError && (
              <Alert color="red" role="alert">
                {t('loadError')}
              </Alert>
            )}
            <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} shadow="xs">
              <Suspense fallback={<Skeleton className={classes.skeleton} aria-label={t('loading')} />}>
                <WeekCalendar
                  events={weekEvents.data ?? []}
                  language={language.code}
                  direction={language.dir}
                  onWeekChange={onWeekChange}
                  onEventClick={setSelected}
                />
              </Suspense>
            </Paper>
            <UpcomingEvents events={upcoming.data} loading={upcoming.isPending} onOpen={setSelected} />
          </Stack>
        </Container>
      </main>
      <EventDialog event={selected} companyKey={companyKey} onClose={() => setSelected(null)} />
      <ProblemReportFooter companyId={config.idCompany} />
    </div>
  );
}
