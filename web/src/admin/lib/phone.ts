import { useMediaQuery } from '@mantine/hooks';

/** Below this width the back office shows cards instead of grids, a menu instead of tabs (issue 25). */
export const PHONE_QUERY = '(max-width: 600px)';

/**
 * Whether the screen is a phone's (600 pixels wide or less). Read on the first render, so a phone never
 * draws the desktop grid for a frame before its cards.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
}
