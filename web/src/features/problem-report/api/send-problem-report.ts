import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The body of a problem report. */
export type ProblemReport = components['schemas']['ProblemReport'];

/**
 * Sends a problem report with its solved captcha (POST /api/emails/sendProblemReport). Throws ApiError:
 * 422 with `fields` (subject, text, replyEmail, captcha…), 404 unknown company, 429, 5xx.
 */
export async function sendProblemReport(report: ProblemReport): Promise<void> {
  const { error, response } = await api.POST('/api/emails/sendProblemReport', { body: report });
  if (error !== undefined || !response.ok) throw new ApiError(response.status, error);
}

/** Sends a problem report. Nothing cached depends on it, so nothing is invalidated. */
export function useSendProblemReport() {
  return useMutation({ mutationFn: sendProblemReport });
}
