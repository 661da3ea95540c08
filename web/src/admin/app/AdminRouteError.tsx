import { useEffect } from 'react';
import { ErrorPage } from '@/components/ErrorPage';
import { reportBoundaryError } from '@/lib/error-reporting';

/** What the back office's error boundary shows for a page that crashed: the error page; it is reported. */
export function AdminRouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
    reportBoundaryError(error);
  }, [error]);
  return <ErrorPage />;
}
