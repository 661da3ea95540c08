import type { ApiErrorBody } from '@/lib/api/client';

/** A failed API call: the HTTP status and, when the server sent one, its error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorBody['code'] | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, body: unknown) {
    const parsed = isErrorBody(body) ? body : undefined;
    super(parsed?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = parsed?.code;
    this.fields = parsed?.fields;
    this.requestId = parsed?.requestId;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && 'code' in body && 'message' in body;
}

/** Reports whether an error is the API saying that nothing exists at the requested identifier. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Whether a failed query is worth retrying: network failures and 5xx answers are, but a 4xx answer
 * (the request itself is wrong) is not. At most two retries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}
