import type { RouteObject } from 'react-router';
import { AdminPage } from '@/admin/app/AdminPage';
import { AdminNotFound } from '@/admin/app/AdminNotFound';
import { AdminRouteError } from '@/admin/app/AdminRouteError';
import { LoginPage } from '@/admin/features/auth/components/LoginPage';
import { InvitePage } from '@/admin/features/team/components/InvitePage';

/**
 * The back office's routes (admin spec section 2, exact matches): /login, /admin and the invitation page
 * /invite/:token (issue 24, public); anything else that
 * reaches this entry (the server sends admin.html for /admin/* too) is 'Page not found'. A page that
 * crashes shows the error page and is reported to the error intake (AdminRouteError).
 */
export const adminRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <AdminRouteError /> },
  { path: '/admin', element: <AdminPage />, errorElement: <AdminRouteError /> },
  { path: '/invite/:token', element: <InvitePage />, errorElement: <AdminRouteError /> },
  { path: '*', element: <AdminNotFound />, errorElement: <AdminRouteError /> },
];
