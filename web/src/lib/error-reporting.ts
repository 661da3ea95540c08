import type { components } from '@/lib/api/schema';

/**
 * Error intake (issue 17): both web apps report every failed API call and every uncaught error or
 * unhandled rejection to `POST /api/client-errors`, which logs it, counts it in /metrics and, when the
 * operator set PITLANE_SENTRY_DSN, forwards it to Sentry (there is no Sentry SDK in the bundle).
 *
 * A report holds no personal data: the page and the call are paths without query string or fragment,
 * with the secret segments (cancel tokens, unsubscribe keys, booking identifiers) masked, and the message
 * is cut short with e-mail addresses masked. Reports are de-duplicated (the same error once per page
 * load) and rate-limited; the report call itself goes by sendBeacon (or fetch keepalive) outside the
 * typed client, so its own failure is never reported.
 */

/** What the server accepts (docs/openapi.yaml ClientErrorReport). */
export type ClientErrorReport = components['schemas']['ClientErrorReport'];

/** The report endpoint; never reported on itself. */
export const REPORT_PATH = '/api/client-errors';
/** At most this many reports leave a page per minute. */
export const MAX_REPORTS_PER_MINUTE = 10;
/** Longest message sent (the server cuts at 300 characters too). */
const MAX_MESSAGE = 300;

/**
 * Answers the apps handle as part of their flow, not failures: 401 (wrong password, session ended),
 * 403 (role), 404 (unknown company key, booking or page), 409/410/412 (state changed), 420/421 (session
 * full), 422 (business rule with field errors), 429 (rate limit). Every other status of 400 and above
 * (5xx, 400 malformed request, 405, 413…) is a failed call and reported.
 */
const HANDLED_STATUSES = new Set([401, 403, 404, 409, 410, 412, 420, 421, 422, 429]);

/** Whether an answer's status is a failed call worth reporting (see HANDLED_STATUSES). */
export function isReportableStatus(status: number): boolean {
  return status >= 400 && !HANDLED_STATUSES.has(status);
}

/** Path prefixes whose next segment is a secret (customer pages and API paths). */
const SECRET_PREFIXES = [
  '/cancelBooking/',
  '/member/unsubscribe/',
  '/api/booking/cancelBooking/',
  '/api/booking/cancel/',
  '/api/member/unsubscribe/',
  '/api/booking/status/',
  '/api/booking/summary/',
  '/api/booking/ics/',
  '/api/prebooking/',
  '/api/payment/shopping-cart/',
  '/pay/sim/',
];

/**
 * A path safe to report: no query string or fragment, secret segments replaced by '…', numeric ids
 * replaced by ':id', at most 200 characters. Accepts "METHOD /path" too.
 */
export function redactPath(raw: string): string {
  let s = raw.replace(/[?#].*$/s, '');
  for (const prefix of SECRET_PREFIXES) {
    let from = 0;
    for (let i = s.indexOf(prefix, from); i >= 0; i = s.indexOf(prefix, from)) {
      const start = i + prefix.length;
      const end = s.indexOf('/', start);
      const segment = s.slice(start, end < 0 ? undefined : end);
      if (segment !== '' && segment !== '…' && !segment.startsWith('{')) {
        s = s.slice(0, start) + '…' + (end < 0 ? '' : s.slice(end));
      }
      from = start;
    }
  }
  return s.replace(/\/\d+(?=\/|$)/g, '/:id').slice(0, 200);
}

/** An error message safe to report: e-mail addresses and URLs' query strings masked, cut short. */
export function redactMessage(raw: string): string {
  return raw
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '[email]')
    .replace(/(https?:\/\/[^\s?#]*)[?#]\S*/g, '$1')
    .slice(0, MAX_MESSAGE);
}

type App = ClientErrorReport['app'];

interface ReporterState {
  app: App | null; // null: reporting is off (tests, or before installErrorReporting)
  seen: Set<string>;
  sent: number[]; // times of the reports of the last minute
  now: () => number;
}

const state: ReporterState = { app: null, seen: new Set(), sent: [], now: () => Date.now() };

/** Turns reporting on for app (each entry calls it once); `now` is for tests. */
export function enableErrorReporting(app: App, now: () => number = () => Date.now()): void {
  state.app = app;
  state.now = now;
  state.seen.clear();
  state.sent = [];
}

/** Turns reporting off (tests). */
export function disableErrorReporting(): void {
  state.app = null;
}

/** Sends the report by beacon, or by a keepalive fetch when the beacon is refused; never throws. */
function send(report: ClientErrorReport): void {
  const body = JSON.stringify(report);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(REPORT_PATH, new Blob([body], { type: 'application/json' }))) {
      return;
    }
    void fetch(REPORT_PATH, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => {});
  } catch {
    // A report that cannot leave is dropped: reporting must never raise an error of its own.
  }
}

/** What a caller knows of an error; the page, the app and the redaction are added here. */
export interface ErrorDetails {
  kind: ClientErrorReport['kind'];
  message: string;
  call?: string;
  status?: number;
  requestId?: string;
}

/**
 * Reports one error unless reporting is off, it was reported before on this page load, or the page
 * already sent MAX_REPORTS_PER_MINUTE reports in the last minute. Returns whether it was sent.
 */
export function reportError(details: ErrorDetails): boolean {
  if (state.app === null) return false;
  const call = details.call === undefined ? undefined : redactPath(details.call);
  if (call?.endsWith(` ${REPORT_PATH}`)) return false; // the report call's own failure
  const message = redactMessage(details.message) || '(no message)';
  const key = [details.kind, message, call ?? '', details.status ?? ''].join('|');
  if (state.seen.has(key)) return false;
  const now = state.now();
  state.sent = state.sent.filter((t) => now - t < 60_000);
  if (state.sent.length >= MAX_REPORTS_PER_MINUTE) return false;
  state.seen.add(key);
  state.sent.push(now);
  send({
    app: state.app,
    kind: details.kind,
    message,
    page: redactPath(window.location.pathname),
    ...(call === undefined ? {} : { call }),
    ...(details.status === undefined ? {} : { status: details.status }),
    ...(details.requestId ? { requestId: details.requestId.slice(0, 64) } : {}),
  });
  return true;
}

/** A thrown value as "Name: message". */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** Reports an error a React error boundary caught (the route error pages of both apps). */
export function reportBoundaryError(error: unknown): void {
  reportError({ kind: 'uncaught', message: describeError(error) });
}

/**
 * Turns reporting on for app and reports the window's uncaught errors and unhandled rejections.
 * Returns a function that removes the listeners (tests).
 */
export function installErrorReporting(app: App): () => void {
  enableErrorReporting(app);
  const onError = (event: ErrorEvent) => {
    reportError({ kind: 'uncaught', message: event.error === undefined ? event.message : describeError(event.error) });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reportError({ kind: 'rejection', message: describeError(event.reason) });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
