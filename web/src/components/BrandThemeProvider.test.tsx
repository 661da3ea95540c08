import { render } from '@testing-library/react';
import { BrandThemeProvider, useBrandTheme } from '@/components/BrandThemeProvider';
import type { BrandColors } from '@/lib/theme';

const brand: BrandColors = { primaryColor: '#c62828', secondaryColor: '#1b1b1b' };

/** The CSS Mantine wrote into the document (its theme variables). */
const themeCss = () => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n').toLowerCase();

function Page({ colors }: { colors: BrandColors | null }) {
  useBrandTheme(colors);
  return <p>page</p>;
}

describe('BrandThemeProvider', () => {
  it("paints the first render in the company's colours when they are known before it", () => {
    render(
      <BrandThemeProvider initialColors={brand}>
        <p>loading</p>
      </BrandThemeProvider>,
    );
    expect(themeCss()).toContain(brand.primaryColor);
  });

  it('starts in the default theme and takes the colours a page applies, until the page goes', () => {
    const { rerender } = render(
      <BrandThemeProvider>
        <p>loading</p>
      </BrandThemeProvider>,
    );
    expect(themeCss()).not.toContain(brand.primaryColor);
    rerender(
      <BrandThemeProvider>
        <Page colors={brand} />
      </BrandThemeProvider>,
    );
    expect(themeCss()).toContain(brand.primaryColor);
    rerender(
      <BrandThemeProvider>
        <p>another page</p>
      </BrandThemeProvider>,
    );
    expect(themeCss()).not.toContain(brand.primaryColor);
  });
});
