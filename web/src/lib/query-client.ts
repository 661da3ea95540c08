import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '@/lib/api/errors';

/** Creates the app's query client: no retries on 4xx answers and no refetch just because the tab regained focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  });
}
