import '@mantine/core/styles.css';
import { DirectionProvider, mergeThemeOverrides, MantineProvider, useDirection, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/LoadingScreen';
import { Toasts } from '@/components/Toasts';
import { i18n } from '@/lib/i18n';
import { languageForCode } from '@/lib/i18n/languages';
import { createQueryClient } from '@/lib/query-client';
import { defaultTheme } from '@/lib/theme';

/**
 * Mantine's default blue one shade darker: white on blue.6 is 3.6:1, below WCAG AA for the buttons'
 * labels (axe on /admin); blue.8 gives 4.6:1.
 */
const adminTheme = mergeThemeOverrides(defaultTheme, { primaryShade: { light: 8, dark: 8 } });

/** Keeps `<html lang dir>` and Mantine's direction in step with the language (Arabic right to left). */
function DirectionSync() {
  const { i18n: instance } = useTranslation();
  const { setDirection } = useDirection();
  const language = languageForCode(instance.resolvedLanguage ?? instance.language);
  useEffect(() => {
    document.documentElement.lang = language.culture;
    document.documentElement.dir = language.dir;
    setDirection(language.dir);
  }, [language, setDirection]);
  return null;
}

// Mantine's "dimmed" text (gray 6) reads at 3.3:1 on white and less on the KPI boxes' tinted
// backgrounds; the back office's secondary texts use gray 7 instead (≥ 4.5:1, WCAG AA, checked by axe).
const readableDimmed: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

interface AdminProvidersProps {
  children: ReactNode;
  /** A query client to use instead of a new one (tests pass one without retries). */
  queryClient?: QueryClient;
  /** 'test' turns Mantine's transitions and portals off (the Vitest render helper). */
  env?: 'default' | 'test';
}

/**
 * What every back-office page needs around it: server-state cache, translations, direction (Arabic is
 * mirrored), Mantine's default theme with its whole style sheet (the back office is not tuned for the
 * first paint as the customer pages are) and the toasts, one at a time.
 */
export function AdminProviders({ children, queryClient, env }: AdminProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const initialDirection = languageForCode(i18n.resolvedLanguage ?? i18n.language).dir;
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <DirectionProvider initialDirection={initialDirection} detectDirection={false}>
          <DirectionSync />
          <MantineProvider theme={adminTheme} defaultColorScheme="light" env={env} cssVariablesResolver={readableDimmed}>
            <Toasts />
            <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
          </MantineProvider>
        </DirectionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
