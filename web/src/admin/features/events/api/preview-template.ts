import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';

/** How long typing must pause before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The template as the server will store it (POST /api/event/previewTemplate, SUPERADMIN only): the same
 * sanitising createFullEvent applies. Throws ApiError.
 */
export async function previewTemplate(idCompany: number, html: string, signal?: AbortSignal): Promise<string> {
  const { data, error, response } = await api.POST('/api/event/previewTemplate', { body: { idCompany, html }, signal });
  if (!data) throw new ApiError(response.status, error);
  return data.data.html;
}

/**
 * The live preview of a template being typed: asks the server once typing pauses for
 * PREVIEW_DEBOUNCE_MS, keeps showing the last answer while the next one comes, and asks nothing for a
 * blank template (which previews as blank).
 */
export function usePreviewTemplate(idCompany: number, html: string) {
  const [settled] = useDebouncedValue(html, PREVIEW_DEBOUNCE_MS);
  const blank = settled.trim() === '';
  const query = useQuery({
    queryKey: ['admin', 'event-template-preview', idCompany, settled],
    queryFn: ({ signal }) => previewTemplate(idCompany, settled, signal),
    enabled: !blank,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  return {
    html: blank ? '' : (query.data ?? ''),
    unavailable: !blank && query.isError,
    pending: !blank && (settled !== html || query.isFetching),
  };
}
