import 'i18next';
// The back office's namespaces (src/admin/lib/i18n.ts) are typed here too: i18next has one resources type.
// Type-only imports of JSON, nothing of src/admin or src/features reaches code (eslint.config.js exempts this file).
import type admin from '@/admin/locales/en.json';
import type billing from '@/admin/features/billing/locales/en.json';
import type bookings from '@/admin/features/bookings/locales/en.json';
import type catalog from '@/admin/features/catalog/locales/en.json';
import type checkin from '@/admin/features/checkin/locales/en.json';
import type events from '@/admin/features/events/locales/en.json';
import type advertising from '@/admin/features/advertising/locales/en.json';
import type kpi from '@/admin/features/kpi/locales/en.json';
import type settings from '@/admin/features/settings/locales/en.json';
import type team from '@/admin/features/team/locales/en.json';
import type components from '@/components/locales/en.json';
import type appUpdate from '@/features/app-update/locales/en.json';
import type booking from '@/features/booking/locales/en.json';
import type bookingSteps from '@/features/booking-steps/locales/en.json';
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
      bookingSteps: typeof bookingSteps;
      event: typeof event;
      eventRegister: typeof eventRegister;
      eventsCalendar: typeof eventsCalendar;
      landing: typeof landing;
      admin: typeof admin;
      bookings: typeof bookings;
      billing: typeof billing;
      kpi: typeof kpi;
      catalog: typeof catalog;
      checkin: typeof checkin;
      events: typeof events;
      advertising: typeof advertising;
      settings: typeof settings;
      team: typeof team;
    };
  }
}
