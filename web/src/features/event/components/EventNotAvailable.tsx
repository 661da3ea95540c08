import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandedHeader } from '@/components/BrandedHeader';
import { StatusIcon } from '@/components/StatusIcon';
import { StatusPage } from '@/components/StatusPage';
import type { EventInfo } from '@/features/event/api/get-event';
import classes from '@/features/event/components/EventPage.module.css';
import { EventWaitlistDialog } from '@/features/event/components/EventWaitlistDialog';
import { useConfig } from '@/lib/api/get-config';

/**
 * The page of an event that cannot be registered for: sold out (no place left), or registration closed
 * (started, ended or off sale). It offers the company's newsletter sign-up (a link: no third-party embed
 * runs under the app's CSP) and the company's logo linking to its website.
 */
export function EventNotAvailable({ info, eventKey }: { info: EventInfo; eventKey: string }) {
  const { t } = useTranslation('event');
  const { t: tc } = useTranslation();
  const kind = info.reason === 'sold_out' || (info.productOrPack.stock !== null && info.productOrPack.stock <= 0) ? 'soldOut' : 'closed';
  const { company, data } = info;
  // A sold-out event of a company with the waiting list on offers to join it (issue 27).
  const config = useConfig(kind === 'soldOut' && info.companyKey ? info.companyKey : null);
  const waitlist = kind === 'soldOut' && config.data?.idCompany === info.idCompany && config.data.waitlistEnabled;
  const [joining, setJoining] = useState(false);
  return (
    <StatusPage
      title={t(`unavailable.${kind}.title`)}
      titleSuffix={company.name}
      icon={<StatusIcon kind={kind === 'soldOut' ? 'info' : 'pending'} />}
      header={<BrandedHeader companyName={company.name} logo={company.logo} primaryColor={company.primaryColor} href={data.companyWebUrl || undefined} />}
    >
      <Text size="lg" fw={700} data-testid="event-name">
        {info.name}
      </Text>
      <Text c="gray.7">{t(`unavailable.${kind}.body`)}</Text>
      {waitlist && (
        <>
          <Button size="md" onClick={() => setJoining(true)} data-testid="event-waitlist">
            {t('waitlist.button')}
          </Button>
          <EventWaitlistDialog opened={joining} onClose={() => setJoining(false)} eventKey={eventKey} eventName={info.name} />
        </>
      )}
      {data.newsletterUrl && (
        <Stack gap="xs" align="center" data-testid="newsletter">
          <Text>{t('newsletter.text')}</Text>
          <Button component="a" href={data.newsletterUrl} target="_blank" rel="noopener noreferrer" size="md">
            {t('newsletter.button')}
            <VisuallyHidden>{` (${tc('common.opensInNewTab')})`}</VisuallyHidden>
          </Button>
        </Stack>
      )}
      {data.companyWebUrl && (
        <Anchor href={data.companyWebUrl} data-testid="company-link" mt="sm">
          {company.logo ? (
            <img className={classes.companyLogo} src={company.logo} alt={t('companyWebsite', { company: company.name })} />
          ) : (
            t('companyWebsite', { company: company.name })
          )}
        </Anchor>
      )}
    </StatusPage>
  );
}
