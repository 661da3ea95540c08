import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RouteError } from '@/app/RouteError';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { BookingPage } from '@/features/booking/components/BookingPage';

/**
 * The route table. The customer booking page is in the entry chunk; staff pages (`/login`, `/admin`) are
 * lazy chunks, so a customer never downloads back-office code. Static segments outrank `/:key`, and any
 * path with no route shows 'Page not found' without asking the server.
 */
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <NotFoundPage /> },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('@/features/auth/components/LoginPage')).LoginPage }),
      },
      {
        path: 'admin/*',
        lazy: async () => ({ Component: (await import('@/features/admin/components/AdminPage')).AdminPage }),
      },
      { path: ':key', element: <BookingPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Creates the browser router over the app's routes. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
