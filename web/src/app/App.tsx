import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/routes';
import type { BrandColors } from '@/lib/theme';

interface AppProps {
  /** A query client already holding what the first page needs (main.tsx); a new one otherwise. */
  queryClient?: QueryClient;
  /** The first page's brand colours, when known before the first render. */
  initialBrand?: BrandColors | null;
}

/** The whole web app: providers around the browser router. */
export function App({ queryClient, initialBrand }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient} initialBrand={initialBrand}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
