import { useLiveViewers, type ViewedPage } from '@/features/live-viewers/hooks/use-live-viewers';

/** Mount on a booking or event page to show the 'hurry' toast when someone else views it too. Renders nothing. */
export function LiveViewers({ page, pageKey }: { page: ViewedPage; pageKey: string | null | undefined }) {
  useLiveViewers(page, pageKey);
  return null;
}
