import { Badge, Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandedHeader } from '@/components/BrandedHeader';
import type { EventInfo } from '@/features/event/api/get-event';
import classes from '@/features/event/components/EventPage.module.css';
import { EventFooter } from '@/features/event/components/EventFooter';
import { EventTemplate } from '@/features/event/components/EventTemplate';
import { weekdayName } from '@/features/event/utils/format';
import { formatDay, formatHour, formatPrice } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** Stock at or below which the page says how few places are left (customer spec section 9). */
const LOW_STOCK = 10;

/** The page of an event that is open for registration: its facts, its own HTML page and Register. */
export function EventDetails({ info }: { info: EventInfo }) {
  const { t, i18n } = useTranslation('event');
  const location = useLocation();
  const language = currentLanguage();
  const ticket = info.productOrPack;
  const team = info.event.data.type === 'TEAM';
  const stock = ticket.stock;
  // The company's own pages may pass ?company=…: the registration keeps it (it names the company token).
  const registerPath = `/event/${encodeURIComponent(info.event.key)}/register${location.search}`;
  const sameDay = info.event.dateStart.slice(0, 10) === info.event.dateEnd.slice(0, 10);

  const facts: { label: string; value: string }[] = [
    {
      label: t('facts.date'),
      value: `${weekdayName(info.event.dateStart, language.culture)} ${formatDay(info.event.dateStart, i18n.language)}`,
    },
    {
      label: t('facts.time'),
      value: sameDay
        ? `${formatHour(info.event.dateStart)}–${formatHour(info.event.dateEnd)}`
        : `${formatHour(info.event.dateStart)} – ${formatDay(info.event.dateEnd, i18n.language)} ${formatHour(info.event.dateEnd)}`,
    },
    ...(ticket.variant ? [{ label: t('facts.circuit'), value: ticket.variant.circuit.name }] : []),
    {
      label: team ? t('facts.pricePerTeam') : t('facts.pricePerParticipant'),
      value: formatPrice(ticket.priceConverted, ticket.simbolCoinType, language.culture),
    },
  ];

  return (
    <div className={classes.page}>
      <title>{`${info.name} – ${info.company.name}`}</title>
      <BrandedHeader
        companyName={info.company.name}
        logo={info.company.logo}
        primaryColor={info.company.primaryColor}
        href={info.data.companyWebUrl || undefined}
      />
      <main id="main" className={classes.main}>
        <Container size="md" px={0}>
          <Stack gap="lg">
            <Paper className={classes.hero} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
              <Stack gap="md">
                <Badge variant="light" size="lg" radius="sm">
                  {team ? t('badge.team') : t('badge.individual')}
                </Badge>
                <Title order={1} fz={{ base: 28, sm: 36 }} dir="auto">
                  {info.name}
                </Title>
                <Box component="dl" className={classes.facts} m={0}>
                  {facts.map((fact) => (
                    <div key={fact.label}>
                      <Text component="dt" size="sm" c="gray.7">
                        {fact.label}
                      </Text>
                      <Text component="dd" m={0} fw={700} size="lg">
                        {fact.value}
                      </Text>
                    </div>
                  ))}
                </Box>
                {stock !== null && stock <= LOW_STOCK && (
                  <Text c="orange.9" fw={600} data-testid="low-stock">
                    {t('lowStock', { count: stock })}
                  </Text>
                )}
                <Button component={Link} to={registerPath} size="lg" style={{ alignSelf: 'flex-start' }}>
                  {team ? t('registerTeam') : t('register')}
                </Button>
              </Stack>
            </Paper>
            {info.data.templateHtml.trim() !== '' && (
              <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
                <EventTemplate html={info.data.templateHtml} label={t('about')} />
              </Paper>
            )}
          </Stack>
        </Container>
      </main>
      <EventFooter companyName={info.company.name} companyWebUrl={info.data.companyWebUrl} companyId={info.idCompany} />
    </div>
  );
}
