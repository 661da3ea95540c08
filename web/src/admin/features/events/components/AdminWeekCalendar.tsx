import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import FullCalendar from '@fullcalendar/react';
import ar from '@fullcalendar/react/locales/ar';
import da from '@fullcalendar/react/locales/da';
import de from '@fullcalendar/react/locales/de';
import enGb from '@fullcalendar/react/locales/en-gb';
import es from '@fullcalendar/react/locales/es';
import nb from '@fullcalendar/react/locales/nb';
import sv from '@fullcalendar/react/locales/sv';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useMemo } from 'react';
import type { CalendarEvent, DayWindow } from '@/admin/features/events/api/list-events';
import classes from '@/admin/features/events/components/AdminWeekCalendar.module.css';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { gridBounds, scrollTimeOf, toCalendarTime, viewWindow, type TimedEvent } from '@/admin/features/events/utils/calendar';
import type { LanguageCode } from '@/lib/i18n/languages';

const LOCALES = { en: enGb, es, da, ar, de, nb, sv } as const;

interface AdminWeekCalendarProps {
  events: readonly CalendarEvent[];
  /** The event the calendar opens on (its week, scrolled to its start); null: this week, at opening. */
  initialEvent: TimedEvent | null;
  language: LanguageCode;
  direction: 'ltr' | 'rtl';
  bounds: { intervalMinutes: number; opening: string; closing: string };
  onWeekChange: (window: DayWindow) => void;
  onEventClick: (event: CalendarEvent) => void;
}

/**
 * The week view (FullCalendar 7 time grid, admin spec section 9, issue 25): height 600, rows of 15 or 30
 * minutes between the company's opening and closing (widened to the events shown), opened on the week of
 * the next event and scrolled to it; not selectable, not editable; an event opens on click or Enter.
 */
export default function AdminWeekCalendar({ events, initialEvent, language, direction, bounds, onWeekChange, onEventClick }: AdminWeekCalendarProps) {
  const { t } = useEventsTexts();
  const byId = useMemo(() => new Map(events.map((e) => [String(e.id), e])), [events]);
  // Options built once per input: new objects on each render would make FullCalendar redo its view.
  const locales = useMemo(() => [LOCALES[language]], [language]);
  const toolbar = useMemo(() => ({ start: 'title', end: 'today prev,next' }), []);
  const grid = useMemo(
    () => gridBounds(bounds.intervalMinutes, bounds.opening, bounds.closing, initialEvent ? [...events, initialEvent] : events),
    [bounds.intervalMinutes, bounds.opening, bounds.closing, events, initialEvent],
  );
  const timeFormat = useMemo(() => ({ hour: '2-digit' as const, minute: '2-digit' as const, hour12: false }), []);
  const plugins = useMemo(() => [timeGridPlugin, classicTheme], []);
  const inputs = useMemo(
    () => events.map((e) => ({ id: String(e.id), title: e.name, start: toCalendarTime(e.dateStart), end: toCalendarTime(e.dateEnd) })),
    [events],
  );
  return (
    <div className={classes.calendar} data-testid="admin-events-calendar">
      <FullCalendar
        plugins={plugins}
        initialView="timeGridWeek"
        initialDate={initialEvent ? initialEvent.dateStart.slice(0, 10) : undefined}
        scrollTime={initialEvent ? scrollTimeOf(initialEvent.dateStart) : grid.slotMinTime}
        scrollTimeReset={false}
        locales={locales}
        locale={LOCALES[language]}
        direction={direction}
        headerToolbar={toolbar}
        todayText={t('calendar.thisWeek')}
        todayHint={t('calendar.thisWeek')}
        selectable={false}
        editable={false}
        eventInteractive
        allDaySlot={false}
        slotDuration={grid.slotDuration}
        slotMinTime={grid.slotMinTime}
        slotMaxTime={grid.slotMaxTime}
        height={600}
        nowIndicator
        eventTimeFormat={timeFormat}
        slotHeaderFormat={timeFormat}
        events={inputs}
        datesSet={(info) => onWeekChange(viewWindow(info.start, info.end))}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const event = byId.get(info.event.id);
          if (event) onEventClick(event);
        }}
      />
    </div>
  );
}
