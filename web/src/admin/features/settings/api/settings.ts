import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** One installation's settings as POST /api/admin/retrieveConfig answers them. */
export type AdminConfig = components['schemas']['AdminConfig'];
/** The body of POST /api/admin/saveConfig. */
export type AdminConfigSave = components['schemas']['AdminConfigSave'];
/** A special-schedule row: one date or a first and last date; closed, open 24 h or up to two periods. */
export type SpecialRow = components['schemas']['SpecialScheduleRow'];
/** One opening period of the weekly schedule. */
export type Period = components['schemas']['SchedulePeriod'];

async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** The settings of an installation of the company (the first when idInstallation is omitted). */
export function fetchConfig(idCompany: number, idInstallation?: number, signal?: AbortSignal): Promise<AdminConfig> {
  return settle(api.POST('/api/admin/retrieveConfig', { body: { idCompany, idInstallation }, signal }));
}

/** The company's variants and circuits (the loading step 'Loading variants and circuits...'). */
export function fetchVariantsAndCircuits(idCompany: number, signal?: AbortSignal) {
  return settle(api.POST('/api/admin/retrieveVariantsAndCircuits', { body: { idCompany }, signal }));
}

/** Saves an installation's settings based on body.version; rejects with ApiError 409 when it is stale. */
export function saveConfig(body: AdminConfigSave): Promise<AdminConfig> {
  return settle(api.POST('/api/admin/saveConfig', { body }));
}

/** My account: the user's name and e-mail (the current password when the e-mail changes). */
export function updateMe(body: { name: string; email: string; currentPassword?: string }) {
  return settle(api.PUT('/api/users/me', { body }));
}

/** My account: a new password; the user's other sessions are signed out. */
export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return settle(api.POST('/api/users/changePassword', { body }));
}

/** The signed-in user (the My account form's starting values). */
export function fetchMe(signal?: AbortSignal) {
  return settle(api.GET('/api/users/me', { signal }));
}

/** My account: the user's live sessions, newest first (`current` marks this one). */
export function fetchMySessions(signal?: AbortSignal) {
  return settle(api.GET('/api/users/me/sessions', { signal })).then((r) => r.data);
}

/** My account: ends one session of mine (this one signs out). */
export async function endMySession(sessionId: number): Promise<void> {
  const { error, response } = await api.DELETE('/api/users/me/sessions/{sessionId}', { params: { path: { sessionId } } });
  if (!response.ok) throw new ApiError(response.status, error);
}

/** My account: ends every session of mine but this one; resolves to how many ended. */
export function endMyOtherSessions() {
  return settle(api.DELETE('/api/users/me/sessions')).then((r) => r.ended);
}

/** My account: whether the user has a second factor, whether a company requires one, recovery codes left. */
export function fetchSecondFactor(signal?: AbortSignal) {
  return settle(api.GET('/api/users/me/second-factor', { signal }));
}

/** My account: a new TOTP secret and its otpauth URI; nothing changes until a code confirms it. */
export function setupSecondFactor() {
  return settle(api.POST('/api/users/me/second-factor/setup'));
}

/** My account: the code that turns the second factor on; answers the ten recovery codes, shown once. */
export function confirmSecondFactor(code: string) {
  return settle(api.POST('/api/users/me/second-factor/confirm', { body: { code: code.trim() } }));
}

/** My account: turns the second factor off (the current password and a code or recovery code). */
export async function disableSecondFactor(body: { currentPassword: string; code: string }): Promise<void> {
  const { error, response } = await api.POST('/api/users/me/second-factor/disable', { body: { ...body, code: body.code.trim() } });
  if (!response.ok) throw new ApiError(response.status, error);
}
