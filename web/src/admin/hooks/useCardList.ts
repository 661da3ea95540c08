import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

// Before the first measure, and where nothing is laid out (jsdom, a hidden list): a phone's list box.
const FALLBACK_RECT = { width: 360, height: 600 };

/**
 * A phone's list of cards (bookings, sales): only the cards in view are in the page, each measured once
 * drawn; estimate is a card's height before that. Returns the scroll box's ref and the virtualiser.
 */
export function useCardList(count: number, keyOf: (index: number) => number | string, estimate: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the app does not use the React Compiler; the virtualiser re-renders its component itself
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    getItemKey: keyOf,
    overscan: 4,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
    // A card not laid out keeps its estimate rather than a height of 0.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || estimate,
  });
  return { scrollRef, virtualizer };
}
