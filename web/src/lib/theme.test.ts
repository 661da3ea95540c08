import { buildBrandTheme, contrastRatio, defaultTheme, generateColorTuple, readableTextColor } from '@/lib/theme';

describe('generateColorTuple', () => {
  it('returns ten shades with the brand colour itself at shade 6', () => {
    const tuple = generateColorTuple('#D7261E');
    expect(tuple).toHaveLength(10);
    expect(tuple[6]).toBe('#d7261e');
    for (const shade of tuple) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('goes from light to dark', () => {
    const tuple = generateColorTuple('#0f766e');
    const luminance = tuple.map((hex) => contrastRatio(hex, '#000000'));
    for (let i = 1; i < luminance.length; i++) expect(luminance[i]).toBeLessThan(luminance[i - 1]);
    // shade 0 is a pale tint, usable as a background behind dark text
    expect(contrastRatio(tuple[0], '#000000')).toBeGreaterThan(15);
  });

  it('rejects values that are not #rrggbb', () => {
    expect(() => generateColorTuple('red')).toThrow();
    expect(() => generateColorTuple('#fff')).toThrow();
  });
});

describe('buildBrandTheme', () => {
  it('uses the company colours as primary and accent', () => {
    const theme = buildBrandTheme({ primaryColor: '#d7261e', secondaryColor: '#111111' });
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[6]).toBe('#d7261e');
    expect(theme.colors?.accent?.[6]).toBe('#111111');
  });

  it('falls back to the default blue theme without a usable colour', () => {
    expect(buildBrandTheme(null)).toBe(defaultTheme);
    expect(buildBrandTheme({ primaryColor: 'nope', secondaryColor: '#000000' }).primaryColor).toBe('blue');
  });
});

describe('readableTextColor', () => {
  it('picks white on dark brand colours and dark text on light ones', () => {
    expect(readableTextColor('#0b2545')).toBe('#ffffff');
    expect(readableTextColor('#ffd60a')).toBe('#1a1b1e');
  });
});
