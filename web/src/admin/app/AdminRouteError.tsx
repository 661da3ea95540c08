import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPage } from '@/components/ErrorPage';
import { reportBoundaryError } from '@/lib/error-reporting';

/** The back office's error boundary: a page that crashed shows the error page and is reported. */
export function AdminRouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportBoundaryError(error);
  }, [error]);
  return <ErrorPage />;
}
