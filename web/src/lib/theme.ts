import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

/** A company's brand colours as the API sends them (`#rrggbb`). */
export interface BrandColors {
  primaryColor: string;
  secondaryColor: string;
}

type Rgb = readonly [number, number, number];

const HEX = /^#([0-9a-f]{6})$/i;

/** The index of the tuple that holds the brand colour itself; Mantine's default filled shade in light mode. */
export const BRAND_SHADE = 6;

// How far each lighter shade (0–5) moves from white towards the brand colour, and how far each darker
// shade (7–9) moves from the brand colour towards black.
const TINTS = [0.1, 0.22, 0.36, 0.5, 0.66, 0.83] as const;
const SHADES = [0.14, 0.28, 0.42] as const;

/** Reports whether a value is a six-digit hex colour such as `#d7261e`. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => from[i] + (to[i] - from[i]) * amount) as unknown as Rgb;
}

/**
 * Builds Mantine's ten-shade tuple from one brand colour: shades 0–5 are tints from near white, shade 6 is
 * the colour itself (so filled buttons and the header show the exact brand colour) and 7–9 are darker.
 * Throws when the value is not a `#rrggbb` colour.
 */
export function generateColorTuple(hex: string): MantineColorsTuple {
  if (!isHexColor(hex)) throw new Error(`not a #rrggbb colour: ${String(hex)}`);
  const base = parseHex(hex);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const lighter = TINTS.map((t) => toHex(mix(white, base, t)));
  const darker = SHADES.map((s) => toHex(mix(base, black, s)));
  return [...lighter, hex.toLowerCase(), ...darker] as unknown as MantineColorsTuple;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rrggbb` colour, from 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Whichever of white or near-black text reads better on the given background colour. */
export function readableTextColor(background: string): '#ffffff' | '#1a1b1e' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#1a1b1e') ? '#ffffff' : '#1a1b1e';
}

const shared: MantineThemeOverride = {
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  primaryShade: { light: BRAND_SHADE, dark: BRAND_SHADE },
  autoContrast: true,
};

/** The theme used when no company is known: Mantine's default blue. */
export const defaultTheme = createTheme({ ...shared, primaryColor: 'blue' });

/**
 * The Mantine theme for a company's brand colours, exposed as the `brand` (primary) and `accent` colours.
 * Falls back to the default blue theme when a colour is missing or malformed.
 */
export function buildBrandTheme(colors: BrandColors | null | undefined): MantineThemeOverride {
  if (!colors || !isHexColor(colors.primaryColor)) return defaultTheme;
  const secondary = isHexColor(colors.secondaryColor) ? colors.secondaryColor : colors.primaryColor;
  return createTheme({
    ...shared,
    primaryColor: 'brand',
    colors: { brand: generateColorTuple(colors.primaryColor), accent: generateColorTuple(secondary) },
  });
}
