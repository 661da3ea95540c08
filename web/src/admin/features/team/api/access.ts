import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A personal API token as the Team tab lists it (never its secret). */
export type ApiToken = components['schemas']['ApiToken'];
/** A new token with its secret, shown this once. */
export type ApiTokenCreated = components['schemas']['ApiTokenCreated'];
export type TokenRole = components['schemas']['StaffRole'];

async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}

async function done(call: Promise<{ error?: unknown; response: Response }>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error);
}

/** A member's live sessions, newest first. */
export function fetchMemberSessions(idCompany: number, userId: number, signal?: AbortSignal) {
  return settle(api.GET('/api/admin/team/members/{userId}/sessions', { params: { query: { idCompany }, path: { userId } }, signal })).then(
    (r) => r.data,
  );
}

/** Ends one session of a member: its next request is a 401. */
export function endMemberSession(idCompany: number, userId: number, sessionId: number) {
  return done(
    api.DELETE('/api/admin/team/members/{userId}/sessions/{sessionId}', { params: { query: { idCompany }, path: { userId, sessionId } } }),
  );
}

/** Ends every live session of a member; resolves to how many ended. */
export function endMemberSessions(idCompany: number, userId: number) {
  return settle(api.DELETE('/api/admin/team/members/{userId}/sessions', { params: { query: { idCompany }, path: { userId } } })).then(
    (r) => r.ended,
  );
}

/** The company's API tokens, live and revoked, newest first. */
export function fetchApiTokens(idCompany: number, signal?: AbortSignal) {
  return settle(api.GET('/api/admin/api-tokens', { params: { query: { idCompany } }, signal })).then((r) => r.data);
}

/** Creates an API token; the answer holds its secret, never shown again. */
export function createApiToken(idCompany: number, name: string, role: TokenRole): Promise<ApiTokenCreated> {
  return settle(api.POST('/api/admin/api-tokens', { body: { idCompany, name, role } }));
}

/** Revokes an API token: its next call is a 401. */
export function revokeApiToken(idCompany: number, id: number) {
  return done(api.DELETE('/api/admin/api-tokens/{id}', { params: { query: { idCompany }, path: { id } } }));
}
