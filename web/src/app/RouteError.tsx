import { useEffect } from 'react';
import { ErrorPage } from '@/components/ErrorPage';
import { reportBoundaryError } from '@/lib/error-reporting';

/**
 * What the customer app's error boundary (RouteErrorBoundary, src/app/routes.tsx) shows for a page that
 * crashed while rendering: the error page; the error is reported to the error intake.
 */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
    reportBoundaryError(error);
  }, [error]);
  return <ErrorPage />;
}
