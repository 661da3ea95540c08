import { notificationsStore, type NotificationsState } from '@mantine/notifications';
import { lazy, useEffect, useState } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { RouteError } from '@/app/RouteError';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageFooterContext } from '@/components/PageFooter';
import { RouteErrorBoundary } from '@/components/RouteErrorBoundary';
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';
import { BookingPage } from '@/features/booking/components/BookingPage';
import { AfterLoad } from '@/lib/after-load';
import { loadBookingStepTexts } from '@/lib/i18n';
import { lazyPage } from '@/lib/i18n/route-texts';

// The waiting list's mail-link pages, with their texts: the booking wizard's later stages' (bookingSteps).
const loadWaitlistPages = async () =>
  (await Promise.all([import('@/features/booking/components/WaitlistPages'), loadBookingStepTexts()]))[0];

// Every page's toasts, mounted once here (a page must not mount its own); the library loads lazily.
const Toasts = lazy(async () => ({ default: (await import('@/components/Toasts')).Toasts }));

/**
 * The toasts, mounted once the page has loaded and is idle, or at once when a toast is raised before then
 * (the toasts' store keeps it until they show it): their library stays out of the first paint.
 */
function ToastsWhenNeeded() {
  const [raised, setRaised] = useState(false);
  useEffect(() => {
    if (raised) return;
    const check = (state: NotificationsState) => {
      if (state.notifications.length > 0 || state.queue.length > 0) setRaised(true);
    };
    check(notificationsStore.getState()); // one raised before this effect ran
    return notificationsStore.subscribe(check);
  }, [raised]);
  return (
    <AfterLoad now={raised}>
      <Toasts />
    </AfterLoad>
  );
}

// Registers the service worker and covers the page while a new version is applied: after the page's load.
const AppUpdate = lazy(async () => ({ default: (await import('@/features/app-update/components/AppUpdate')).AppUpdate }));

/**
 * The route table. The customer booking page is in the entry chunk; the other pages are lazy chunks.
 * Static segments outrank `/:key`, and any path with no route shows 'Page not found' without asking the
 * server. The staff pages (`/login`, `/admin`) are not here: they are the back office's own entry
 * (admin.html, src/admin), which the server sends for those paths, so a customer never loads its code.
 */
export const routes: RouteObject[] = [
  {
    element: (
      // The shared pages (not found) show the problem report under them, as every public page does.
      <PageFooterContext value={<ProblemReportFooter />}>
        <RouteErrorBoundary fallback={RouteError}>
          <AfterLoad>
            <AppUpdate />
          </AfterLoad>
          <ToastsWhenNeeded />
          <Outlet />
        </RouteErrorBoundary>
      </PageFooterContext>
    ),
    children: [
      { index: true, element: <NotFoundPage /> },
      // Pages reached from mails and payment returns: lazy chunks of their own.
      {
        path: 'cancelBooking/:token',
        element: lazyPage(async () => (await import('@/features/cancel/components/CancelBookingPage')).CancelBookingPage),
      },
      {
        path: 'member/unsubscribe/:key',
        element: lazyPage(async () => (await import('@/features/unsubscribe/components/UnsubscribePage')).UnsubscribePage),
      },
      // The waiting list's mail links (issue 27).
      {
        path: 'waitlist/offer/:token',
        element: lazyPage(async () => (await loadWaitlistPages()).WaitlistOfferPage),
      },
      {
        path: 'waitlist/leave/:token',
        element: lazyPage(async () => (await loadWaitlistPages()).WaitlistLeavePage),
      },
      { path: 'terms', element: lazyPage(async () => (await import('@/features/terms/components/TermsPage')).TermsPage) },
      {
        path: 'success',
        element: lazyPage(async () => (await import('@/features/success/components/SuccessPage')).SuccessPage),
      },
      // Event and landing pages: lazy chunks of their own (the calendar loads FullCalendar only there).
      {
        path: 'event/:key',
        element: lazyPage(async () => (await import('@/features/event/components/EventPage')).EventPage),
      },
      {
        path: 'event/:key/register',
        element: lazyPage(async () => (await import('@/features/event-register/components/EventRegisterPage')).EventRegisterPage),
      },
      {
        path: 'events/:key',
        element: lazyPage(async () => (await import('@/features/events-calendar/components/EventsCalendarPage')).EventsCalendarPage),
      },
      // The kiosk: the booking wizard between the advertising images, on a screen at the counter (issue 15).
      {
        path: 'kiosk/:key',
        element: lazyPage(async () => (await import('@/features/booking/components/KioskPage')).KioskPage),
      },
      {
        path: ':key/landing',
        element: lazyPage(async () => (await import('@/features/landing/components/LandingPage')).LandingPage),
      },
      {
        path: ':key/landingEvents',
        element: lazyPage(async () => (await import('@/features/landing/components/EventsLandingPage')).EventsLandingPage),
      },
      { path: ':key', element: <BookingPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's pages, under the `<BrowserRouter>` of App.tsx. */
export function AppRoutes() {
  return useRoutes(routes);
}
