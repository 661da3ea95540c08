import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/routes';
import type { BrandColors } from '@/lib/theme';

interface AppProps {
  /** A query client already holding what the first page needs (main.tsx); a new one otherwise. */
  queryClient?: QueryClient;
  /** The first page's brand colours, when known before the first render. */
  initialBrand?: BrandColors | null;
}

/**
 * The whole web app: providers around the router. React Router's declarative `<BrowserRouter>`, not
 * `createBrowserRouter`: the app uses no loader, action or fetcher, and the data router's code was 16 KB
 * gzipped of the booking page's first download (docs/performance.md).
 */
export function App({ queryClient, initialBrand }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} initialBrand={initialBrand}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
