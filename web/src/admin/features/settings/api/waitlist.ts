import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The company's waiting-list settings. */
export type WaitlistSettings = components['schemas']['WaitlistSettingsResult']['data'];

/** The waiting-list settings (GET /api/admin/waitlist/settings, ADMIN). */
export async function fetchWaitlistSettings(idCompany: number, signal?: AbortSignal): Promise<WaitlistSettings> {
  const { data, error, response } = await api.GET('/api/admin/waitlist/settings', { params: { query: { idCompany } }, signal });
  if (data === undefined) throw new ApiError(response.status, error);
  return data.data;
}

/** Saves them (PUT /api/admin/waitlist/settings). Rejects with ApiError 422 (offerMinutes out of 5–1440). */
export async function saveWaitlistSettings(idCompany: number, s: WaitlistSettings): Promise<WaitlistSettings> {
  const { data, error, response } = await api.PUT('/api/admin/waitlist/settings', { body: { idCompany, ...s } });
  if (data === undefined) throw new ApiError(response.status, error);
  return data.data;
}
