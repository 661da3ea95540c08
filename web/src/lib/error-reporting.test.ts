import { http, HttpResponse } from 'msw';
import { api } from '@/lib/api/client';
import {
  disableErrorReporting,
  enableErrorReporting,
  installErrorReporting,
  MAX_REPORTS_PER_MINUTE,
  redactMessage,
  redactPath,
  reportError,
  type ClientErrorReport,
} from '@/lib/error-reporting';
import { server } from '@/test/server';

/** The reports sent by beacon, decoded. */
let beacons: { url: string; body: Blob }[] = [];

async function sentReports(): Promise<ClientErrorReport[]> {
  return Promise.all(beacons.map(async (b) => JSON.parse(await b.body.text()) as ClientErrorReport));
}

let clock = 0;

beforeEach(() => {
  beacons = [];
  clock = 1_000_000;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      beacons.push({ url, body });
      return true;
    },
  });
  enableErrorReporting('customer', () => clock);
  window.history.replaceState(null, '', '/norte');
});

afterEach(() => {
  disableErrorReporting();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  window.history.replaceState(null, '', '/');
});

describe('redaction', () => {
  it('drops query strings and masks tokens and numeric ids in pages and calls', () => {
    expect(redactPath('/cancelBooking/9f8e7d6c5b4a?email=ana@example.com')).toBe('/cancelBooking/…');
    expect(redactPath('/member/unsubscribe/KEY123#x')).toBe('/member/unsubscribe/…');
    expect(redactPath('GET /api/booking/status/ABC-123/extra')).toBe('GET /api/booking/status/…/extra');
    expect(redactPath('GET /api/private/member/42')).toBe('GET /api/private/member/:id');
    // A path template is left as it is.
    expect(redactPath('GET /api/booking/cancelBooking/{cancelToken}')).toBe('GET /api/booking/cancelBooking/{cancelToken}');
    expect(redactPath('/norte')).toBe('/norte');
  });

  it('masks e-mail addresses and URL query strings in messages and cuts them short', () => {
    expect(redactMessage('No member ana.lopez@example.com at https://x.example/a?token=s3cret ok')).toBe(
      'No member [email] at https://x.example/a ok',
    );
    expect(redactMessage('x'.repeat(1000))).toHaveLength(300);
  });

  it('sends the page without its token or query string', async () => {
    window.history.replaceState(null, '', '/cancelBooking/SECRET-TOKEN?email=ana@example.com');
    reportError({ kind: 'uncaught', message: 'TypeError: boom' });
    const [report] = await sentReports();
    expect(report).toEqual({ app: 'customer', kind: 'uncaught', message: 'TypeError: boom', page: '/cancelBooking/…' });
    expect(beacons[0]?.url).toBe('/api/client-errors');
  });
});

describe('de-duplication and rate limit', () => {
  it('sends the same error once', () => {
    expect(reportError({ kind: 'uncaught', message: 'Error: same' })).toBe(true);
    expect(reportError({ kind: 'uncaught', message: 'Error: same' })).toBe(false);
    expect(reportError({ kind: 'rejection', message: 'Error: same' })).toBe(true);
    expect(beacons).toHaveLength(2);
  });

  it(`sends at most ${MAX_REPORTS_PER_MINUTE} a minute, then again after the minute`, () => {
    for (let i = 0; i < MAX_REPORTS_PER_MINUTE + 5; i++) reportError({ kind: 'uncaught', message: `Error: ${i}` });
    expect(beacons).toHaveLength(MAX_REPORTS_PER_MINUTE);
    clock += 30_000;
    expect(reportError({ kind: 'uncaught', message: 'Error: later' })).toBe(false);
    clock += 31_000;
    expect(reportError({ kind: 'uncaught', message: 'Error: later' })).toBe(true);
    expect(beacons).toHaveLength(MAX_REPORTS_PER_MINUTE + 1);
  });

  it('sends nothing while reporting is off', () => {
    disableErrorReporting();
    expect(reportError({ kind: 'uncaught', message: 'Error: off' })).toBe(false);
    expect(beacons).toHaveLength(0);
  });
});

describe('failed API calls', () => {
  it('reports a 5xx answer with the path template, status and request id', async () => {
    server.use(
      http.get('/api/booking/status/:id', () =>
        HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500, headers: { 'X-Request-Id': 'req-12345678' } }),
      ),
    );
    const res = await api.GET('/api/booking/status/{identifier}', { params: { path: { identifier: 'SECRET-REF' } } });
    expect(res.response.status).toBe(500);
    const reports = await sentReports();
    expect(reports).toEqual([
      {
        app: 'customer',
        kind: 'api',
        message: 'HTTP 500',
        page: '/norte',
        call: 'GET /api/booking/status/{identifier}',
        status: 500,
        requestId: 'req-12345678',
      },
    ]);
    expect(JSON.stringify(reports)).not.toContain('SECRET-REF');
  });

  it('reports a network failure', async () => {
    server.use(http.get('/api/product', () => HttpResponse.error()));
    await expect(api.GET('/api/product', { params: { query: { idCompany: 1 } } })).rejects.toThrow();
    const [report] = await sentReports();
    expect(report).toMatchObject({ kind: 'api', call: 'GET /api/product', page: '/norte' });
    expect(report?.status).toBeUndefined();
    expect(report?.message).toMatch(/TypeError/);
  });

  it('reports a 400 (the app sent what the contract refuses) but not the answers the apps handle', async () => {
    const statuses = [401, 403, 404, 409, 410, 412, 420, 421, 422, 429, 400];
    let next = 0;
    server.use(
      http.post('/api/prebooking', () => HttpResponse.json({ code: 'x', message: 'x' }, { status: statuses[next++] })),
    );
    for (let i = 0; i < statuses.length; i++) {
      await api.POST('/api/prebooking', { body: {} as never });
    }
    expect(next).toBe(statuses.length);
    const reports = await sentReports();
    expect(reports.map((r) => r.status)).toEqual([400]);
  });

  it('does not report a call its caller abandoned', async () => {
    server.use(http.get('/api/product', async () => new Promise<Response>(() => {})));
    const controller = new AbortController();
    const call = api.GET('/api/product', { params: { query: { idCompany: 1 } }, signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(beacons).toHaveLength(0);
  });

  it('never reports a failure of the report call itself', async () => {
    server.use(http.post('/api/client-errors', () => HttpResponse.json({}, { status: 503 })));
    await api.POST('/api/client-errors', { body: { app: 'customer', kind: 'api', message: 'm', page: '/' } });
    expect(reportError({ kind: 'api', message: 'HTTP 503', call: 'POST /api/client-errors', status: 503 })).toBe(false);
    expect(beacons).toHaveLength(0);
  });

  it('falls back to a keepalive fetch when the beacon is refused, and a failing report raises nothing', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    const seen: Request[] = [];
    server.use(
      http.post('/api/client-errors', ({ request }) => {
        seen.push(request);
        return HttpResponse.error();
      }),
    );
    expect(reportError({ kind: 'uncaught', message: 'Error: by fetch' })).toBe(true);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(await seen[0]?.json()).toMatchObject({ message: 'Error: by fetch', app: 'customer' });
    expect(seen[0]?.keepalive).toBe(true);
  });
});

describe('window errors', () => {
  it('reports uncaught errors and unhandled rejections of the admin app', async () => {
    const uninstall = installErrorReporting('admin');
    try {
      window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('bad index'), message: 'bad index' }));
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(rejection, 'reason', { value: new Error('no answer') });
      window.dispatchEvent(rejection);
    } finally {
      uninstall();
    }
    const reports = await sentReports();
    expect(reports).toEqual([
      { app: 'admin', kind: 'uncaught', message: 'RangeError: bad index', page: '/norte' },
      { app: 'admin', kind: 'rejection', message: 'Error: no answer', page: '/norte' },
    ]);
  });
});
