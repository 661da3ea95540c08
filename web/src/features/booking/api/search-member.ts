import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** A member found by e-mail. */
export type Member = components['schemas']['Member'];

/**
 * Looks a member up by e-mail (POST /api/member/search-email); null when the address is not a member's
 * (the server's `{"found": false}`: an answer, not an error). The signal cancels a lookup superseded by
 * newer typing. Other failures throw ApiError.
 */
export async function searchMember(email: string, idCompany: number, signal?: AbortSignal): Promise<Member | null> {
  const answer = unwrap(await api.POST('/api/member/search-email', { body: { email, idCompany }, signal }));
  return answer.found ? answer : null;
}
