import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The company's advertising: four images, two hyperlinks and whether it is active. */
export type Publi = components['schemas']['Publi'];

/** What the advertising dialog saves (POST /api/company/updatePubli). */
export type UpdatePubli = components['schemas']['UpdatePubliRequest'];

/** The kiosk's settings: the culture it starts in and the seconds without a touch before it goes back to its start. */
export type KioskSettings = components['schemas']['CompanyPublic']['kiosk'];

/** What the advertising dialog edits: the advertising and the kiosk's settings, as stored. */
export interface StoredAdvertising {
  publi: Publi;
  kiosk: KioskSettings;
}

/**
 * The company's advertising and kiosk settings as stored (GET /api/company/{id}: its `data` JSON text holds
 * `publi`, the customer spec's company cloud data; `kiosk` is the kiosk's settings already parsed). Throws
 * ApiError.
 */
export function publiQueryOptions(idCompany: number) {
  return queryOptions({
    queryKey: ['admin', 'publi', idCompany],
    queryFn: async ({ signal }): Promise<StoredAdvertising> => {
      const { data, error, response } = await api.GET('/api/company/{id}', { params: { path: { id: idCompany } }, signal });
      if (!data) throw new ApiError(response.status, error);
      const cloud = JSON.parse(data.data) as components['schemas']['CompanyCloudData'];
      return { publi: cloud.publi, kiosk: data.kiosk };
    },
  });
}

/** Uploads one PNG (base64, no prefix) and answers its stored address (POST /api/publi/photo). Throws ApiError. */
export async function uploadPubliPhoto(idCompany: number, name: string, photo: string): Promise<string> {
  const { data, error, response } = await api.POST('/api/publi/photo', { body: { idCompany, name, photo } });
  if (!data) throw new ApiError(response.status, error);
  return data.url;
}

/** Saves the images, hyperlinks and kiosk settings; on success the stored advertising is read again. */
export function useUpdatePubli() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePubli) => {
      const { data, error, response } = await api.POST('/api/company/updatePubli', { body });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
    onSuccess: (_, body) => queryClient.invalidateQueries({ queryKey: ['admin', 'publi', body.idCompany] }),
  });
}
