import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/**
 * The outcome of a sign-in: the answer, bad credentials, too many attempts (seconds to wait), the captcha
 * asked for (after several failures of the account: `refused` when a payload was sent and did not pass) or
 * another failure.
 */
export type SignInResult =
  | { kind: 'ok'; data: components['schemas']['AdminLoginResponse'] }
  | { kind: 'challenge'; data: components['schemas']['AdminLoginChallenge'] }
  | { kind: 'invalid' }
  | { kind: 'tooMany'; retryAfter: number }
  | { kind: 'captcha'; refused: boolean }
  | { kind: 'failed' };

/**
 * POST /api/users/adminLogin; the server sets the session cookie on success. `captcha` is the ALTCHA
 * widget's payload, sent only once the server asked for it (422 with fields.captcha).
 */
export async function signIn(email: string, password: string, captcha?: string): Promise<SignInResult> {
  try {
    const body = { email: email.trim(), password, ...(captcha ? { captcha } : {}) };
    const { data, error, response } = await api.POST('/api/users/adminLogin', { body });
    if (data) return 'secondFactor' in data ? { kind: 'challenge', data } : { kind: 'ok', data };
    if (response.status === 422 && error?.fields?.captcha) return { kind: 'captcha', refused: error.fields.captcha !== 'required' };
    if (response.status === 401 || response.status === 400) return { kind: 'invalid' };
    if (response.status === 429) {
      const seconds = Number(response.headers.get('Retry-After'));
      return { kind: 'tooMany', retryAfter: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60 };
    }
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' }; // network failure or timeout
  }
}

/** The outcome of a sign-in's second step: signed in, a wrong code, the challenge gone (sign in again), throttled. */
export type SecondStepResult =
  | { kind: 'ok'; data: components['schemas']['AdminLoginResponse'] }
  | { kind: 'wrongCode' }
  | { kind: 'expired' }
  | { kind: 'tooMany'; retryAfter: number }
  | { kind: 'failed' };

/** POST /api/users/adminLogin/second-factor: the authenticator's code (or a recovery code) for the challenge. */
export async function secondStep(challenge: string, code: string): Promise<SecondStepResult> {
  try {
    const { data, response } = await api.POST('/api/users/adminLogin/second-factor', { body: { challenge, code: code.trim() } });
    if (data) return { kind: 'ok', data };
    if (response.status === 422 || response.status === 400) return { kind: 'wrongCode' };
    if (response.status === 401) return { kind: 'expired' };
    if (response.status === 429) {
      const seconds = Number(response.headers.get('Retry-After'));
      return { kind: 'tooMany', retryAfter: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60 };
    }
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** GET /api/users/me: the user and companies when the session cookie is still valid, undefined when not. */
export async function currentUser(): Promise<components['schemas']['AdminMe'] | undefined> {
  try {
    const { data } = await api.GET('/api/users/me');
    return data;
  } catch {
    return undefined;
  }
}

/** POST /api/users/logout: ends the session on the server (204 even without one); failures are ignored. */
export async function signOut(): Promise<void> {
  try {
    await api.POST('/api/users/logout');
  } catch {
    // the local sign-in is forgotten anyway; the cookie expires on its own
  }
}
