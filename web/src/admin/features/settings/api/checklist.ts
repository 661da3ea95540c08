import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type SetupChecklist = components['schemas']['SetupChecklist'];

/** What the company has set up of what its first booking needs. */
export async function fetchSetupChecklist(idCompany: number, signal?: AbortSignal): Promise<SetupChecklist> {
  const { data, error, response } = await api.GET('/api/admin/setup-checklist', { params: { query: { idCompany } }, signal });
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}
