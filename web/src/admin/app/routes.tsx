import { useRoutes, type RouteObject } from 'react-router';
import { AdminPage } from '@/admin/app/AdminPage';
import { AdminNotFound } from '@/admin/app/AdminNotFound';
import { AdminRouteError } from '@/admin/app/AdminRouteError';
import { ForgotPasswordPage } from '@/admin/features/auth/components/ForgotPasswordPage';
import { LoginPage } from '@/admin/features/auth/components/LoginPage';
import { ResetPasswordPage } from '@/admin/features/auth/components/ResetPasswordPage';
import { InvitePage } from '@/admin/features/team/components/InvitePage';
import { RouteErrorBoundary } from '@/components/RouteErrorBoundary';

/**
 * The back office's routes (admin spec section 2, exact matches): /login, /admin, and the public pages of
 * issue 24: the invitation /invite/:token and the forgot-password pages /forgot-password and
 * /reset-password/:token; anything else that
 * reaches this entry (the server sends admin.html for /admin/* too) is 'Page not found'. A page that
 * crashes shows the error page and is reported to the error intake (AdminRouteError).
 */
export const adminRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/admin', element: <AdminPage /> },
  { path: '/invite/:token', element: <InvitePage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '*', element: <AdminNotFound /> },
].map((route) => ({ ...route, element: <RouteErrorBoundary fallback={AdminRouteError}>{route.element}</RouteErrorBoundary> }));

/** The back office's pages, under the `<BrowserRouter>` of src/admin/main.tsx. */
export function AdminRoutes() {
  return useRoutes(adminRoutes);
}
