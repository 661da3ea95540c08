import { useRoutes, type RouteObject } from 'react-router';
import { AdminPage } from '@/admin/app/AdminPage';
import { AdminNotFound } from '@/admin/app/AdminNotFound';
import { AdminRouteError } from '@/admin/app/AdminRouteError';
import { ForgotPasswordPage } from '@/admin/features/auth/components/ForgotPasswordPage';
import { LoginPage } from '@/admin/features/auth/components/LoginPage';
import { ResetPasswordPage } from '@/admin/features/auth/components/ResetPasswordPage';
import { InvitePage } from '@/admin/features/team/components/InvitePage';
import { RouteErrorBoundary } from '@/components/RouteErrorBoundary';
import { lazyOrReload } from '@/admin/lib/chunk-reload';
import { LoadingScreen } from '@/components/LoadingScreen';
import { Suspense } from 'react';

// The phone check-in page (issue 23): a chunk of its own; its camera scanner is another, loaded on use.
const CheckInPage = lazyOrReload(async () => ({ default: (await import('@/admin/features/checkin/components/CheckInPage')).CheckInPage }));

/**
 * The back office's routes (admin spec section 2, exact matches): /login, /admin, /admin/check-in (the desk's
 * phone check-in, issue 23), and the public pages of
 * issue 24: the invitation /invite/:token and the forgot-password pages /forgot-password and
 * /reset-password/:token; anything else that
 * reaches this entry (the server sends admin.html for /admin/* too) is 'Page not found'. A page that
 * crashes shows the error page and is reported to the error intake (AdminRouteError).
 */
export const adminRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/admin', element: <AdminPage /> },
  {
    path: '/admin/check-in',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <CheckInPage />
      </Suspense>
    ),
  },
  { path: '/invite/:token', element: <InvitePage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '*', element: <AdminNotFound /> },
].map((route) => ({ ...route, element: <RouteErrorBoundary fallback={AdminRouteError}>{route.element}</RouteErrorBoundary> }));

/** The back office's pages, under the `<BrowserRouter>` of src/admin/main.tsx. */
export function AdminRoutes() {
  return useRoutes(adminRoutes);
}
