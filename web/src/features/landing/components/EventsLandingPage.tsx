import { Alert, Button, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import { useEventsLanding, type EventsLanding } from '@/features/landing/api/get-events-landing';
import classes from '@/features/landing/components/Landing.module.css';
import { LandingButton } from '@/features/landing/components/LandingButton';
import { LandingShell } from '@/features/landing/components/LandingShell';
import { useCompanyPage } from '@/features/landing/hooks/use-company-page';
import { isNotFound } from '@/lib/api/errors';
import { isCompanyKey } from '@/lib/company-key';
import { formatDayHour, isolate } from '@/lib/format';
import { safeLink } from '@/lib/safe-link';

/** A phone number in the company's text: an optional +, then at least seven digits, single spaces, dots or hyphens between. */
const PHONE = /\+?\d(?:[ .-]?\d){6,}/g;

/**
 * The text with each phone number kept whole: never broken across lines, and read left to right (with its
 * + first) whatever the page's direction.
 */
function withWholePhoneNumbers(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(PHONE)) {
    out.push(text.slice(last, m.index));
    out.push(
      <bdi key={m.index} dir="ltr" className={classes.phone}>
        {m[0]}
      </bdi>,
    );
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/**
 * The route `/:key/landingEvents`: buttons to the company's events of the next two months (a warning
 * when an event has no link), the WhatsApp subscription information and the newsletter sign-up.
 */
export function EventsLandingPage() {
  const { key = '' } = useParams();
  if (!isCompanyKey(key)) return <NotFoundPage />;
  return <CompanyEventsLanding companyKey={key} />;
}

function CompanyEventsLanding({ companyKey }: { companyKey: string }) {
  const { t } = useTranslation('landing');
  const landing = useEventsLanding(companyKey);
  const languageReady = useCompanyPage(companyKey, landing.data?.company.primaryColor);
  if (landing.isPending || !languageReady || (landing.isError && landing.isFetching)) return <LoadingScreen />;
  if (landing.isError) {
    if (isNotFound(landing.error)) return <NotFoundPage />;
    return (
      <StatusPage title={t('eventsFailed.title')} icon={<StatusIcon kind="warning" />}>
        <Text role="alert">{t('eventsFailed.body')}</Text>
        <Button onClick={() => void landing.refetch()}>{t('retry')}</Button>
      </StatusPage>
    );
  }
  return <EventsLandingView landing={landing.data} companyKey={companyKey} />;
}

function EventsLandingView({ landing, companyKey }: { landing: EventsLanding; companyKey: string }) {
  const { t, i18n } = useTranslation('landing');
  const { t: tc } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <LandingShell company={landing.company} companyKey={companyKey} title={t('events.title')} intro={t('events.intro', { company: isolate(landing.company.name) })}>
      {landing.events.length === 0 ? (
        <Text c="gray.7">{t('events.none')}</Text>
      ) : (
        <ul className={classes.list}>
          {landing.events.map((event) => (
            <li key={event.id}>
              <Stack gap={4}>
                <LandingButton
                  title={event.name}
                  subtitle={formatDayHour(event.dateStart, language)}
                  link={event.link}
                  isNew={event.isNew}
                  isDisabled={event.isDisabled}
                />
                {(event.warning === 'empty_link' || !event.link) && (
                  <Alert color="orange" variant="light" p="xs" data-testid="empty-link">
                    {t('events.emptyLink')}
                  </Alert>
                )}
              </Stack>
            </li>
          ))}
        </ul>
      )}
      {landing.whatsapp && (
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="whatsapp-title">
          <Title order={2} id="whatsapp-title" fz={18} mb="xs">
            {t('whatsapp.title')}
          </Title>
          <Text data-testid="whatsapp" dir="auto">
            {withWholePhoneNumbers(landing.whatsapp)}
          </Text>
        </Paper>
      )}
      {safeLink(landing.newsletterUrl) && (
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="newsletter-title">
          <Title order={2} id="newsletter-title" fz={18} mb="xs">
            {t('newsletter.title')}
          </Title>
          <Text mb="sm">{t('newsletter.text')}</Text>
          <Button component="a" href={safeLink(landing.newsletterUrl) ?? undefined} target="_blank" rel="noopener noreferrer" variant="outline">
            {t('newsletter.button')}
            <VisuallyHidden>{` (${tc('common.opensInNewTab')})`}</VisuallyHidden>
          </Button>
        </Paper>
      )}
    </LandingShell>
  );
}
