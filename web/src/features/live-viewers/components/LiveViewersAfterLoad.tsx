import { lazy, Suspense } from 'react';
import type { ViewedPage } from '@/features/live-viewers/hooks/use-live-viewers';
import { useAfterLoad } from '@/lib/after-load';

const LiveViewers = lazy(async () => ({
  default: (await import('@/features/live-viewers/components/LiveViewers')).LiveViewers,
}));

/**
 * LiveViewers, connected once the page has loaded and is idle: the 'hurry' toast is about other visitors
 * arriving while this one books, so its code and socket stay out of the page's first paint.
 */
export function LiveViewersAfterLoad({ page, pageKey }: { page: ViewedPage; pageKey: string | null | undefined }) {
  const loaded = useAfterLoad();
  return loaded && pageKey ? (
    <Suspense fallback={null}>
      <LiveViewers page={page} pageKey={pageKey} />
    </Suspense>
  ) : null;
}
