import 'i18next';
import type components from '@/components/locales/en.json';
import type appUpdate from '@/features/app-update/locales/en.json';
import type booking from '@/features/booking/locales/en.json';
import type cancel from '@/features/cancel/locales/en.json';
import type event from '@/features/event/locales/en.json';
import type eventRegister from '@/features/event-register/locales/en.json';
import type eventsCalendar from '@/features/events-calendar/locales/en.json';
import type landing from '@/features/landing/locales/en.json';
import type liveViewers from '@/features/live-viewers/locales/en.json';
import type problemReport from '@/features/problem-report/locales/en.json';
import type success from '@/features/success/locales/en.json';
import type terms from '@/features/terms/locales/en.json';
import type unsubscribe from '@/features/unsubscribe/locales/en.json';
import type en from '@/lib/i18n/locales/en.json';

// Types `t()` keys from the English locale, so a misspelt key fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      components: typeof components;
      cancel: typeof cancel;
      unsubscribe: typeof unsubscribe;
      terms: typeof terms;
      success: typeof success;
      problemReport: typeof problemReport;
      liveViewers: typeof liveViewers;
      appUpdate: typeof appUpdate;
      booking: typeof booking;
      event: typeof event;
      eventRegister: typeof eventRegister;
      eventsCalendar: typeof eventsCalendar;
      landing: typeof landing;
    };
  }
}
