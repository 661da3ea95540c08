import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { RouteError } from '@/app/RouteError';
import { RouteErrorBoundary } from '@/components/RouteErrorBoundary';
import { disableErrorReporting, enableErrorReporting, type ClientErrorReport } from '@/lib/error-reporting';

// The customer app's route error boundary: a page that crashes while rendering shows the error page and
// is reported once to the error intake (lib/error-reporting), as an uncaught error of the customer app.
let sent: Blob[] = [];
beforeEach(() => {
  sent = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: Blob) => sent.push(body) > 0,
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  disableErrorReporting();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.restoreAllMocks();
});

function Crash(): never {
  throw new TypeError('cannot read properties of undefined');
}

it('reports a page that crashed and shows the error page', async () => {
  enableErrorReporting('customer');
  // As in src/app/routes.tsx: the boundary around every page.
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteErrorBoundary fallback={RouteError}>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { path: '/norte', element: <Crash /> },
          { path: '/terms', element: <p>Terms and conditions</p> },
        ],
      },
    ],
    { initialEntries: ['/norte'] },
  );
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 })).toBeInTheDocument();
  await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
  const report = JSON.parse(await sent[0]!.text()) as ClientErrorReport;
  expect(report).toMatchObject({ app: 'customer', kind: 'uncaught', message: 'TypeError: cannot read properties of undefined', page: '/' });
});

it('leaves the error page when the visitor goes to another page', async () => {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteErrorBoundary fallback={RouteError}>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { path: '/norte', element: <Crash /> },
          { path: '/terms', element: <p>Terms and conditions</p> },
        ],
      },
    ],
    { initialEntries: ['/norte'] },
  );
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 })).toBeInTheDocument();
  await act(() => router.navigate('/terms'));
  expect(await screen.findByText('Terms and conditions')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});
