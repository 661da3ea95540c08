import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '@/components/ErrorPage';
import { NotFoundPage } from '@/components/NotFoundPage';
import { reportBoundaryError } from '@/lib/error-reporting';

/**
 * The router's error boundary: a 404 route response shows 'Page not found', anything else the error page.
 * A thrown error (a page that crashed while rendering) is reported to the error intake.
 */
export function RouteError() {
  const error = useRouteError();
  const thrown = !isRouteErrorResponse(error);
  useEffect(() => {
    if (!thrown) return;
    console.error(error);
    reportBoundaryError(error);
  }, [error, thrown]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
