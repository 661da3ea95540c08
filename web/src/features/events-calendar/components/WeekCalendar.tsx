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
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '@/features/events-calendar/api/list-events';
import classes from '@/features/events-calendar/components/Calendar.module.css';
import { toCalendarTime, viewWindow } from '@/features/events-calendar/utils/dates';
import type { LanguageCode } from '@/lib/i18n/languages';

const LOCALES = { en: enGb, es, da, ar, de, nb, sv } as const;

interface WeekCalendarProps {
  events: readonly CalendarEvent[];
  language: LanguageCode;
  direction: 'ltr' | 'rtl';
  /** The first day to show (YYYY-MM-DD); today when absent. */
  initialDate?: string;
  /** Called with the visible week whenever it changes. */
  onWeekChange: (window: { date: string; dateEnd: string }) => void;
  onEventClick: (event: CalendarEvent) => void;
}

/**
 * The week view of the company's events (FullCalendar 7, time grid): not selectable, not editable;
 * an event opens its dialog on click or Enter. Circuit-local times are shown as they are.
 */
export default function WeekCalendar({ events, language, direction, initialDate, onWeekChange, onEventClick }: WeekCalendarProps) {
  const { t } = useTranslation('eventsCalendar');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const byId = useMemo(() => new Map(events.map((e) => [String(e.id), e])), [events]);
  // Options are built once (per language or width): new objects on each render would make FullCalendar
  // redo its view and report the dates again.
  const locales = useMemo(() => [LOCALES[language]], [language]);
  const toolbar = useMemo(() => ({ start: 'title', end: 'today prev,next' }), []);
  const dayHeaderFormat = useMemo(
    () => (narrow ? { weekday: 'narrow' as const, day: 'numeric' as const } : { weekday: 'short' as const, day: 'numeric' as const, month: 'numeric' as const }),
    [narrow],
  );
  const timeFormat = useMemo(() => ({ hour: '2-digit' as const, minute: '2-digit' as const, hour12: false }), []);
  const plugins = useMemo(() => [timeGridPlugin, classicTheme], []);
  const inputs = useMemo(
    () =>
      events.map((e) => ({
        id: String(e.id),
        title: e.name,
        start: toCalendarTime(e.dateStart),
        end: toCalendarTime(e.dateEnd),
      })),
    [events],
  );
  return (
    <div className={classes.calendar} data-testid="events-calendar">
      <FullCalendar
        plugins={plugins}
        initialView="timeGridWeek"
        initialDate={initialDate}
        locales={locales}
        locale={LOCALES[language]}
        direction={direction}
        headerToolbar={toolbar}
        // The today button's name is its visible text (WCAG 2.5.3), in the app's own words.
        todayText={t('thisWeek')}
        todayHint={t('thisWeek')}
        selectable={false}
        editable={false}
        eventInteractive
        allDaySlot={false}
        slotDuration="01:00:00"
        slotMinTime="08:00:00"
        slotMaxTime="24:00:00"
        height="auto"
        nowIndicator
        dayHeaderFormat={dayHeaderFormat}
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
