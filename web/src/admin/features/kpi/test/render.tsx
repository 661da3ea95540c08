import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { i18n, type LocaleTree } from '@/lib/i18n';

const files = import.meta.glob<LocaleTree>('/src/admin/features/kpi/locales/*.json', { eager: true, import: 'default' });
for (const [path, texts] of Object.entries(files)) {
  i18n.addResourceBundle(/([a-z]{2})\.json$/.exec(path)?.[1] ?? 'en', 'kpi', texts, true, true);
}

/** Renders a KPI component with Mantine, toasts, the KPI texts and a query client without retries. */
export function renderKpi(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <Notifications limit={1} />
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
