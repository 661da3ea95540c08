import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CalendarEvent } from '@/features/events-calendar/api/list-events';
import { formatDay, formatHour } from '@/lib/format';

interface EventDialogProps {
  event: CalendarEvent | null;
  /** The company's public key, passed on to the event's page (it names the company token there). */
  companyKey: string;
  onClose: () => void;
}

/** The dialog of a clicked event: its name, start and end date and time, and a link to its page. */
export function EventDialog({ event, companyKey, onClose }: EventDialogProps) {
  const { t, i18n } = useTranslation('eventsCalendar');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Modal opened={event !== null} onClose={onClose} title={event?.name} closeButtonProps={{ 'aria-label': t('close') }} centered>
      {event && (
        <Stack gap="md">
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.5rem 1.25rem' }}>
            <Text component="dt" c="gray.7">
              {t('dialog.start')}
            </Text>
            <Text component="dd" m={0} fw={700} data-testid="event-start">
              {formatDay(event.dateStart, language)} {formatHour(event.dateStart)}
            </Text>
            <Text component="dt" c="gray.7">
              {t('dialog.end')}
            </Text>
            <Text component="dd" m={0} fw={700} data-testid="event-end">
              {formatDay(event.dateEnd, language)} {formatHour(event.dateEnd)}
            </Text>
          </dl>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
            <Button component={Link} to={`/event/${encodeURIComponent(event.key)}?company=${encodeURIComponent(companyKey)}`}>
              {t('dialog.more')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
