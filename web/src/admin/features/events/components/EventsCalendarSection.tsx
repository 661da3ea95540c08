import { Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useCalendarEvents, type CalendarEvent, type DayWindow } from '@/admin/features/events/api/list-events';
import { EventWaitlist } from '@/admin/features/events/components/EventWaitlist';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { lazyOrReload } from '@/admin/lib/chunk-reload';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { languageForCode } from '@/lib/i18n/languages';

// FullCalendar comes with this section only.
const AdminWeekCalendar = lazyOrReload(() => import('@/admin/features/events/components/AdminWeekCalendar'));

/**
 * The back office's events calendar (admin spec sections 2 and 9): the company's events in a week view,
 * not selectable; a click (or Enter) on an event opens a dialog with its start and end date and time and
 * its waiting list (issue 27).
 */
export function EventsCalendarSection({ company }: { company: AdminCompany }) {
  const { t, language } = useEventsTexts();
  const format = useAdminFormat(company);
  const [window, setWindow] = useState<DayWindow | null>(null);
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const events = useCalendarEvents(company.idCompany, window);
  const lang = languageForCode(language);

  return (
    <Stack gap="sm" component="section" aria-labelledby="events-calendar-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="events-calendar-title">
          {t('calendar.title')}
        </Title>
        {events.isFetching && <Loader size="sm" aria-label={t('calendar.title')} />}
      </Group>
      {events.isError && (
        <Text c="red.8" role="alert">
          {t('calendar.failed')}
        </Text>
      )}
      {events.isSuccess && events.data.length === 0 && (
        <Text c="gray.7" role="status">
          {t('calendar.empty')}
        </Text>
      )}
      <Suspense fallback={<Loader aria-label={t('calendar.title')} />}>
        <AdminWeekCalendar
          events={events.data ?? []}
          language={lang.code}
          direction={lang.dir}
          bounds={{ intervalMinutes: company.intervalMinutes, opening: company.openingTime, closing: company.closingTime }}
          onWeekChange={setWindow}
          onEventClick={setOpen}
        />
      </Suspense>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.name} centered closeButtonProps={{ 'aria-label': t('calendar.close') }}>
        {open && (
          <Stack gap="md">
            <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.5rem 1.25rem' }}>
              <Text component="dt" c="gray.7">
                {t('calendar.start')}
              </Text>
              <Text component="dd" m={0} fw={700} data-testid="event-start">
                <bdi>{format.dateTime(open.dateStart)}</bdi>
              </Text>
              <Text component="dt" c="gray.7">
                {t('calendar.end')}
              </Text>
              <Text component="dd" m={0} fw={700} data-testid="event-end">
                <bdi>{format.dateTime(open.dateEnd)}</bdi>
              </Text>
            </dl>
            <EventWaitlist company={company} eventId={open.id} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>
                {t('calendar.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
