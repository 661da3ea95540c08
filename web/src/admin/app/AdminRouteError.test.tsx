import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AdminProviders } from '@/admin/app/providers';
import { AdminRouteError } from '@/admin/app/AdminRouteError';
import { RouteErrorBoundary } from '@/components/RouteErrorBoundary';
import { testQueryClient } from '@/admin/test/render';
import { disableErrorReporting, enableErrorReporting, type ClientErrorReport } from '@/lib/error-reporting';

// The back office's route error boundary: a page that crashes while rendering shows the error page and
// is reported once to the error intake (lib/error-reporting), as an uncaught error of the admin app.
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
  enableErrorReporting('admin');
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <RouteErrorBoundary fallback={AdminRouteError}>
            <Crash />
          </RouteErrorBoundary>
        ),
      },
    ], {
    initialEntries: ['/admin'],
  });
  render(
    <AdminProviders queryClient={testQueryClient()} env="test">
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 })).toBeInTheDocument();
  await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
  const report = JSON.parse(await sent[0]!.text()) as ClientErrorReport;
  expect(report).toMatchObject({ app: 'admin', kind: 'uncaught', message: 'TypeError: cannot read properties of undefined' });
});

it('says the back office was updated, with Reload, for a chunk that could not be loaded even after its reload', async () => {
  function Gone(): never {
    throw new TypeError('Failed to fetch dynamically imported module: https://pitlane.test/assets/KpiSection-Bx1.js');
  }
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <RouteErrorBoundary fallback={AdminRouteError}>
            <Gone />
          </RouteErrorBoundary>
        ),
      },
    ],
    { initialEntries: ['/admin'] },
  );
  render(
    <AdminProviders queryClient={testQueryClient()} env="test">
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  expect(await screen.findByRole('heading', { name: 'The back office was updated' }, { timeout: 10_000 })).toBeInTheDocument();
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  screen.getByRole('button', { name: 'Reload' }).click();
  expect(reload).toHaveBeenCalledTimes(1);
});
