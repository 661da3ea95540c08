import '@/app/mantine-styles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from '@/app/App';
import { routes } from '@/app/routes';
import { getConfigQueryOptions, type CompanyConfig } from '@/lib/api/get-config';
import { installErrorReporting } from '@/lib/error-reporting';
import { i18nReady } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

// Failed calls and uncaught errors go to the server's error intake from the very first call on.
installErrorReporting('customer');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** How long the first render waits for a booking page's configuration before it goes ahead without it. */
const CONFIG_WAIT_MS = 2000;

/**
 * A booking page's configuration (the server sends the page with a preload of it), so that the page's
 * first render is already in the company's colours instead of the default theme repainted a moment later.
 * Undefined for other pages, on failure (the page shows its own error) or when it is slow.
 */
function firstPageConfig(queryClient: ReturnType<typeof createQueryClient>): Promise<CompanyConfig | undefined> {
  const leaf = matchRoutes(routes, window.location.pathname)?.at(-1);
  const key = leaf?.route.path === ':key' ? leaf.params.key : undefined;
  if (!key) return Promise.resolve(undefined);
  return Promise.race([
    queryClient.fetchQuery(getConfigQueryOptions(key)).catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(resolve, CONFIG_WAIT_MS)),
  ]);
}

// English is bundled; a visitor whose language is another one waits for that language's chunk (one small
// request) so that the first paint is already in their language. The first render is a transition, so
// React renders it in slices instead of one long task; index.html's loading indicator shows until it commits.
const queryClient = createQueryClient();
void Promise.all([firstPageConfig(queryClient), i18nReady]).then(([config]) =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} initialBrand={config?.theme} />
      </StrictMode>,
    ),
  ),
);
