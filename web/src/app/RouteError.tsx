import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '@/components/ErrorPage';
import { NotFoundPage } from '@/components/NotFoundPage';

/** The router's error boundary: a 404 route response shows 'Page not found', anything else the error page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage />;
}
