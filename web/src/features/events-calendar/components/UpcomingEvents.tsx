import { Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '@/features/events-calendar/api/list-events';
import { formatDay, formatHour } from '@/lib/format';

interface UpcomingEventsProps {
  events: readonly CalendarEvent[] | undefined;
  loading: boolean;
  onOpen: (event: CalendarEvent) => void;
}

/**
 * The events of the next two months as a plain list under the calendar: a quick way to the next event
 * whatever week is shown, and an easy path for keyboard and screen-reader users. Each opens the same dialog.
 */
export function UpcomingEvents({ events, loading, onOpen }: UpcomingEventsProps) {
  const { t, i18n } = useTranslation('eventsCalendar');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <section aria-labelledby="upcoming-title" data-testid="upcoming-events">
      <Title order={2} id="upcoming-title" fz={20} mb="sm">
        {t('upcoming.title')}
      </Title>
      {loading && <Skeleton h={56} aria-label={t('loading')} />}
      {!loading && (events?.length ?? 0) === 0 && <Text c="gray.7">{t('upcoming.none')}</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {events?.map((event) => (
          <li key={event.id}>
            <Paper withBorder radius="md">
              <UnstyledButton onClick={() => onOpen(event)} p="sm" w="100%" aria-haspopup="dialog">
                <Text fw={700} dir="auto">
                  {event.name}
                </Text>
                <Text size="sm" c="gray.7">
                  {formatDay(event.dateStart, language)} · {formatHour(event.dateStart)}–{formatHour(event.dateEnd)}
                </Text>
              </UnstyledButton>
            </Paper>
          </li>
        ))}
      </Stack>
    </section>
  );
}
