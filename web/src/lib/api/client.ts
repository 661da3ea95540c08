import createClient from 'openapi-fetch';
import type { components, paths } from '@/lib/api/schema';

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
