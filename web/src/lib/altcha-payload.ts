/**
 * The widget's payload as the server reads it. altcha 3.x reports `took` (milliseconds spent solving) as a
 * fraction, such as 358.7, where the server's verifier (internal/captcha) expects a whole number and
 * refuses the payload otherwise: it is rounded here. `took` is informative, so this does not touch the
 * proof of work. Anything that is not a base64 JSON payload is returned unchanged.
 */
export function normalizeAltchaPayload(payload: string): string {
  try {
    const data = JSON.parse(atob(payload)) as Record<string, unknown>;
    if (typeof data.took !== 'number' || Number.isInteger(data.took)) return payload;
    return btoa(JSON.stringify({ ...data, took: Math.round(data.took) }));
  } catch {
    return payload;
  }
}
