import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type PasswordResetInfo = components['schemas']['PasswordResetInfo'];

/** Asks for a reset link: the server answers alike whether or not the address has an account. */
export async function requestPasswordReset(email: string, culture: string): Promise<void> {
  const { error, response } = await api.POST('/api/users/forgot-password', { body: { email, culture } });
  if (!response.ok) throw new ApiError(response.status, error);
}

/** Whose password the link sets, and until when it works (404 unknown or used, 410 expired). */
export async function fetchPasswordReset(token: string, signal?: AbortSignal): Promise<PasswordResetInfo> {
  const { data, error, response } = await api.GET('/api/password-resets/{token}', { params: { path: { token } }, signal });
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** Sets the new password with the link (once). */
export async function completePasswordReset(token: string, password: string): Promise<void> {
  const { error, response } = await api.POST('/api/password-resets/{token}', { params: { path: { token } }, body: { password } });
  if (!response.ok) throw new ApiError(response.status, error);
}
