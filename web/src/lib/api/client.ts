import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '@/lib/api/schema';
import { describeError, isReportableStatus, reportError } from '@/lib/error-reporting';

/** How long a call to the API may take before it is abandoned (spec: 25 000 ms). */
export const REQUEST_TIMEOUT_MS = 25_000;

/** The error body every failing API call answers with. */
export type ApiErrorBody = components['schemas']['Error'];

/** Runs fetch, aborting it after REQUEST_TIMEOUT_MS or when the caller's own signal aborts. */
async function fetchWithTimeout(request: Request): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort(request.signal.reason);
  if (request.signal.aborted) forward();
  else request.signal.addEventListener('abort', forward, { once: true });
  try {
    return await fetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', forward);
  }
}

/**
 * The typed API client. Paths and bodies are checked against docs/openapi.yaml at compile time
 * (schema.d.ts is generated from it by `npm run gen:api`). The API lives on the same origin as the app.
 */
export const api = createClient<paths>({ baseUrl: '', fetch: fetchWithTimeout });

/**
 * Reports failed calls (lib/error-reporting): answers whose status the apps do not handle as part of
 * their flow (5xx, 400…; see isReportableStatus) and calls that got no answer (network failure, time-out),
 * but not a call its caller abandoned (a page left, a query cancelled). The call is named by its path
 * template, so no id or token of the real path is sent.
 */
export const reportFailedCalls: Middleware = {
  onResponse({ request, response, schemaPath }) {
    if (!isReportableStatus(response.status)) return;
    reportError({
      kind: 'api',
      message: `HTTP ${response.status}`,
      call: `${request.method} ${schemaPath}`,
      status: response.status,
      requestId: response.headers.get('X-Request-Id') ?? undefined,
    });
  },
  onError({ request, error, schemaPath }) {
    if (request.signal.aborted) return;
    reportError({ kind: 'api', message: describeError(error), call: `${request.method} ${schemaPath}` });
  },
};

api.use(reportFailedCalls);
