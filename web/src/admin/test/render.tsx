import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AdminProviders } from '@/admin/app/providers';
import { adminRoutes } from '@/admin/app/routes';
import { loadAdminLanguage, startAdminI18n } from '@/admin/lib/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';

// Every back-office text of every language, loaded once per test file that renders admin pages.
beforeAll(async () => {
  await startAdminI18n();
  await Promise.all(LANGUAGES.map((l) => loadAdminLanguage(l.code)));
}, 60_000);

// localStorage (the sign-in, the bookings filter) is cleared after every test by src/test/setup.ts.

/** A query client for tests: no retries, so a failing call fails at once. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders a back-office component with the admin providers (Mantine without transitions or portals,
 * direction, query client, i18n with every admin namespace loaded) inside a memory router at `path`.
 */
export function renderAdmin(ui: ReactNode, { path = '/admin' }: { path?: string } = {}) {
  const queryClient = testQueryClient();
  const result = render(
    <AdminProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AdminProviders>,
  );
  return { ...result, queryClient };
}

/** Renders the whole back office (its real routes: /login, /admin, not found) at a path. */
export function renderAdminRoute(path: string) {
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] });
  const queryClient = testQueryClient();
  const result = render(
    <AdminProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return { ...result, router, queryClient };
}
