/**
 * Makes window.matchMedia answer as a screen `width` pixels wide would (min-width and max-width in px or em,
 * 16 px to the em), for components that switch layout with useMediaQuery. Returns the function that puts
 * the shared shim (src/test/setup.ts: nothing matches) back.
 */
export function screenWidth(width: number): () => void {
  const original = window.matchMedia;
  const px = (value: string, unit: string) => Number(value) * (unit === 'em' ? 16 : 1);
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
    const matches = (!min || width >= px(min[1], min[2])) && (!max || width <= px(max[1], max[2])) && Boolean(min || max);
    return { ...original(query), matches };
  };
  return () => void (window.matchMedia = original);
}
