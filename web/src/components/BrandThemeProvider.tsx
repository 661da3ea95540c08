import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { createContext, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { buildBrandTheme, type BrandColors } from '@/lib/theme';

type SetBrand = (update: (current: BrandColors | null) => BrandColors | null) => void;

const BrandContext = createContext<SetBrand | null>(null);

/**
 * The pages are light only, so the colour scheme is not kept anywhere: Mantine's default manager reads
 * localStorage on the first render, and a page's first localStorage access waits for the browser to load
 * the origin's storage (several milliseconds on a phone, before anything is shown).
 */
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/**
 * Provides Mantine with the theme of the company being shown, or the default blue theme when none is.
 * A page applies a company's colours with useBrandTheme.
 */
export function BrandThemeProvider({ children, initialColors }: { children: ReactNode; initialColors?: BrandColors | null }) {
  const [colors, setColors] = useState<BrandColors | null>(initialColors ?? null);
  const primary = colors?.primaryColor;
  const secondary = colors?.secondaryColor;
  const theme = useMemo(
    () => buildBrandTheme(primary && secondary ? { primaryColor: primary, secondaryColor: secondary } : null),
    [primary, secondary],
  );
  return (
    <BrandContext.Provider value={setColors}>
      <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={lightOnly}>
        {children}
      </MantineProvider>
    </BrandContext.Provider>
  );
}

/** Applies a company's brand colours while the calling component is mounted; null keeps the default theme. */
export function useBrandTheme(colors: BrandColors | null | undefined): void {
  const setBrand = useContext(BrandContext);
  if (!setBrand) throw new Error('useBrandTheme must be used inside BrandThemeProvider');
  const primary = colors?.primaryColor;
  const secondary = colors?.secondaryColor;
  // A layout effect so that the first paint of the page already shows the brand.
  useLayoutEffect(() => {
    // The same colours again (the page was first rendered in them, see main.tsx) change nothing.
    setBrand((current) =>
      primary && secondary
        ? current?.primaryColor === primary && current.secondaryColor === secondary
          ? current
          : { primaryColor: primary, secondaryColor: secondary }
        : null,
    );
    return () => setBrand(() => null);
  }, [setBrand, primary, secondary]);
}
