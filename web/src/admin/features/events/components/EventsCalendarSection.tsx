import { Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { fullEventQuery } from '@/admin/features/events/api/full-event';
import { useCalendarEvents, useUpcomingEvents, type CalendarEvent, type DayWindow } from '@/admin/features/events/api/list-events';
import { EventAddress, eventAddress } from '@/admin/features/events/components/EventAddress';
import { EventWaitlist } from '@/admin/features/events/components/EventWaitlist';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { lazyOrReload } from '@/admin/lib/chunk-reload';
import type { AdminCompany } from '@/admin/lib/company';
import { todayIn } from '@/admin/lib/dates';
import { useAdminFormat } from '@/admin/lib/format';
import { localNowIn, nextEvent } from '@/admin/features/events/utils/calendar';
import type { FullEvent } from '@/admin/features/events/utils/event-form';
import { languageForCode } from '@/lib/i18n/languages';
import { toast } from '@/lib/toast';

// FullCalendar comes with this section only.
const AdminWeekCalendar = lazyOrReload(() => import('@/admin/features/events/components/AdminWeekCalendar'));
// The event form (shared with Create event) comes with Edit only.
const CreateEventDialog = lazyOrReload(async () => ({
  default: (await import('@/admin/features/events/components/CreateEventDialog')).CreateEventDialog,
}));

/** The popup's event after its edit was saved: the calendar's fields of the stored event. */
function savedAs(shown: CalendarEvent, saved: FullEvent): CalendarEvent {
  return {
    ...shown,
    name: saved.event.name,
    dateStart: saved.event.dateIni,
    dateEnd: saved.event.dateEnd,
    capacity: saved.event.maxStock,
    placesTaken: saved.placesTaken,
  };
}

/**
 * The back office's events calendar (admin spec sections 2 and 9, issue 25): the company's events in a week
 * view, not selectable, opened on the week of the next event and scrolled to it; a click (or Enter) on an
 * event opens a dialog with its start and end, its places taken against its capacity and its public
 * address (copy, open), and its waiting list (issue 27). A SUPERADMIN (who creates events) also gets
 * Edit: the event form of Create event opens filled with the event as stored, read fresh; once saved, the
 * popup shows the new values and the calendar reads its week again.
 */
export function EventsCalendarSection({ company }: { company: AdminCompany }) {
  const { t, language } = useEventsTexts();
  const format = useAdminFormat(company);
  const [shown, setShown] = useState<DayWindow | null>(null);
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<FullEvent | null>(null);
  const [loadingEdit, setLoadingEdit] = useState(false);
  const queryClient = useQueryClient();
  const canEdit = company.role === 'SUPERADMIN';

  const startEdit = async (shown: CalendarEvent) => {
    setLoadingEdit(true);
    try {
      setEditing(await queryClient.fetchQuery(fullEventQuery(company.idCompany, shown.id)));
    } catch {
      toast(t('edit.loadFailed'));
    } finally {
      setLoadingEdit(false);
    }
  };
  const events = useCalendarEvents(company.idCompany, shown);
  const lang = languageForCode(language);
  const upcoming = useUpcomingEvents(company.idCompany, todayIn(company.timeZone));
  // Decided once, when the upcoming events are known: FullCalendar reads its first week on mount only.
  const next = upcoming.data ? nextEvent(upcoming.data, localNowIn(company.timeZone)) : null;

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
        {upcoming.isPending ? (
          <Loader aria-label={t('calendar.title')} />
        ) : (
        <AdminWeekCalendar
          initialEvent={next}
          events={events.data ?? []}
          language={lang.code}
          direction={lang.dir}
          bounds={{ intervalMinutes: company.intervalMinutes, opening: company.openingTime, closing: company.closingTime }}
          onWeekChange={setShown}
          onEventClick={setOpen}
        />
        )}
      </Suspense>
      {open && editing && (
        <Suspense fallback={<Loader aria-label={t('edit.loading')} />}>
          <CreateEventDialog
            idCompany={company.idCompany}
            editing={editing}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setOpen(savedAs(open, saved));
              setEditing(null);
            }}
          />
        </Suspense>
      )}
      <Modal opened={open !== null && editing === null} onClose={() => setOpen(null)} title={open?.name} centered closeButtonProps={{ 'aria-label': t('calendar.close') }}>
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
              <Text component="dt" c="gray.7">
                {t('calendar.places')}
              </Text>
              <Text component="dd" m={0} fw={700} data-testid="event-places">
                <bdi>
                  {open.capacity === null
                    ? t('calendar.placesUnlimited', { taken: format.number(open.placesTaken, 0) })
                    : t('calendar.placesOf', { taken: format.number(open.placesTaken, 0), capacity: format.number(open.capacity, 0) })}
                </bdi>
              </Text>
            </dl>
            <Stack gap={4}>
              <Text size="sm" c="gray.7">
                {t('calendar.address')}
              </Text>
              <EventAddress url={eventAddress(window.location.origin, open.key)} />
            </Stack>
            <EventWaitlist company={company} eventId={open.id} />
            <Group justify="flex-end">
              {canEdit && (
                <Button variant="light" onClick={() => void startEdit(open)} loading={loadingEdit}>
                  {t('calendar.edit')}
                </Button>
              )}
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
