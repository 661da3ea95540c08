import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The Team tab's list: members (active or disabled) and open invitations. */
export type Team = components['schemas']['Team'];
export type TeamMember = components['schemas']['TeamMember'];
export type TeamInvitation = components['schemas']['TeamInvitation'];
export type InvitationInfo = components['schemas']['InvitationInfo'];
export type TeamRole = components['schemas']['StaffRole'];

async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}

async function done(call: Promise<{ error?: unknown; response: Response }>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error);
}

const q = (idCompany: number) => ({ query: { idCompany } });

export function fetchTeam(idCompany: number, signal?: AbortSignal): Promise<Team> {
  return settle(api.GET('/api/admin/team', { params: q(idCompany), signal }));
}

export function inviteMember(idCompany: number, body: { email: string; role: TeamRole; culture: string }) {
  return settle(api.POST('/api/admin/team/invitations', { params: q(idCompany), body }));
}

export function resendInvitation(idCompany: number, id: number, culture: string) {
  return settle(api.POST('/api/admin/team/invitations/{id}/resend', { params: { query: { idCompany, culture }, path: { id } } }));
}

export function revokeInvitation(idCompany: number, id: number) {
  return done(api.DELETE('/api/admin/team/invitations/{id}', { params: { ...q(idCompany), path: { id } } }));
}

export function setMemberRole(idCompany: number, userId: number, role: TeamRole) {
  return settle(api.PUT('/api/admin/team/members/{userId}/role', { params: { ...q(idCompany), path: { userId } }, body: { role } }));
}

export function setMemberEnabled(idCompany: number, userId: number, enabled: boolean) {
  const params = { ...q(idCompany), path: { userId } };
  return enabled
    ? settle(api.POST('/api/admin/team/members/{userId}/enable', { params }))
    : settle(api.POST('/api/admin/team/members/{userId}/disable', { params }));
}

export function removeMember(idCompany: number, userId: number) {
  return done(api.DELETE('/api/admin/team/members/{userId}', { params: { ...q(idCompany), path: { userId } } }));
}

/** The public invitation page: what the link invites to. */
export function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  return settle(api.GET('/api/invitations/{token}', { params: { path: { token } }, signal }));
}

/** Accepts the invitation: a new account's name and password, or an existing account's password. */
export function acceptInvitation(token: string, body: { name?: string; password: string }) {
  return done(api.POST('/api/invitations/{token}/accept', { params: { path: { token } }, body }));
}

/** Whether the company requires a second factor of all its staff. */
export function fetchSecondFactorSwitch(idCompany: number, signal?: AbortSignal) {
  return settle(api.GET('/api/admin/team/second-factor', { params: q(idCompany), signal }));
}

/** Turns the company's second-factor requirement on or off (SUPERADMIN). */
export function saveSecondFactorSwitch(idCompany: number, required: boolean) {
  return settle(api.PUT('/api/admin/team/second-factor', { params: q(idCompany), body: { required } }));
}
