import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The company's database-only switches and contact (the Company tab, SUPERADMIN). */
export type CompanySettings = components['schemas']['CompanySettings'];
/** The fields a save changes: every one left out stays as it is. */
export type CompanySettingsPatch = Omit<components['schemas']['CompanySettingsPatch'], 'idCompany'>;
/** An installation with its circuits. */
export type Installation = components['schemas']['InstallationItem'];
/** A circuit (track) with its variant. */
export type Circuit = components['schemas']['CircuitItem'];

async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** The company's settings (GET /api/admin/company-settings). */
export function fetchCompanySettings(idCompany: number, signal?: AbortSignal): Promise<CompanySettings> {
  return settle(api.GET('/api/admin/company-settings', { params: { query: { idCompany } }, signal }));
}

/** Saves the fields of the patch and no other (PATCH). Rejects with ApiError 422 naming the broken fields. */
export function saveCompanySettings(idCompany: number, patch: CompanySettingsPatch): Promise<CompanySettings> {
  return settle(api.PATCH('/api/admin/company-settings', { body: { idCompany, ...patch } }));
}

/** Uploads an image through the product image pipeline (base64 PNG) and returns its address. */
export async function uploadLogo(idCompany: number, photo: string): Promise<string> {
  const data = await settle(api.POST('/api/product/photo', { body: { idCompany, name: 'logo', photo } }));
  return data.url;
}

/** The company's installations and circuits. */
export async function fetchInstallations(idCompany: number, signal?: AbortSignal): Promise<Installation[]> {
  const data = await settle(api.GET('/api/admin/installations', { params: { query: { idCompany } }, signal }));
  return data.installations;
}

/** Adds an installation (409: the name is taken; 422: fields). */
export function createInstallation(idCompany: number, name: string, maxParticipants: number): Promise<Installation> {
  return settle(api.POST('/api/admin/installations', { body: { idCompany, name, maxParticipants } }));
}

/** Adds a circuit and its variant to an installation. */
export function createCircuit(idCompany: number, idInstallation: number, name: string): Promise<Circuit> {
  return settle(api.POST('/api/admin/circuits', { body: { idCompany, idInstallation, name } }));
}

/** Renames a circuit (its variant follows). */
export function renameCircuit(idCompany: number, idCircuit: number, name: string): Promise<Circuit> {
  return settle(api.PUT('/api/admin/circuits', { body: { idCompany, idCircuit, name } }));
}
