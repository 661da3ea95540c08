import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type TermsList = components['schemas']['TermsList'];
export type Terms = components['schemas']['Terms'];

async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** The company's terms, one text per language. */
export function fetchTerms(idCompany: number, signal?: AbortSignal): Promise<TermsList> {
  return settle(api.GET('/api/admin/terms', { params: { query: { idCompany } }, signal }));
}

/** Writes the terms of one language (an empty text deletes them). */
export function saveTerms(idCompany: number, body: Terms): Promise<TermsList> {
  return settle(api.PUT('/api/admin/terms', { params: { query: { idCompany } }, body }));
}

/** The neutral terms to start from, in a language, with the company's name. */
export function fetchStarterTerms(idCompany: number, culture: string): Promise<Terms> {
  return settle(api.GET('/api/admin/terms/starter', { params: { query: { idCompany, culture } } }));
}
