import { DirectionProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DirectionSync } from '@/app/DirectionSync';
import { BrandThemeProvider } from '@/components/BrandThemeProvider';
import { LoadingScreen } from '@/components/LoadingScreen';
import { i18n } from '@/lib/i18n';
import { languageForCode } from '@/lib/i18n/languages';
import { createQueryClient } from '@/lib/query-client';
import type { BrandColors } from '@/lib/theme';

interface AppProvidersProps {
  children: ReactNode;
  /** A query client to use instead of a new one (tests pass one without retries; main.tsx one it has filled). */
  queryClient?: QueryClient;
  /** The brand colours of the first page, when known before the first render (main.tsx). */
  initialBrand?: BrandColors | null;
}

/** Everything the pages need around them: server-state cache, translations, direction and theme. */
export function AppProviders({ children, queryClient, initialBrand }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const initialDirection = languageForCode(i18n.resolvedLanguage ?? i18n.language).dir;
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <DirectionProvider initialDirection={initialDirection} detectDirection={false}>
          <DirectionSync />
          <BrandThemeProvider initialColors={initialBrand}>
            {/* A page whose texts are not loaded yet (another page than booking, src/lib/i18n) waits here. */}
            <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
          </BrandThemeProvider>
        </DirectionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
