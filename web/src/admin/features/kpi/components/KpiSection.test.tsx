import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Kpi, KpiSeries } from '@/admin/features/kpi/api/kpis';
import { KpiSection } from '@/admin/features/kpi/components/KpiSection';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

const company = adminCompany({ idCompany: 7, companyName: 'Karting Norte' });

const kpi = (change: Partial<Kpi> = {}): Kpi => ({
  total: 0,
  average: 0,
  previous: 0,
  increment: 0,
  simbolCoinType: '€',
  averageAge: 0,
  averageSession: 0,
  ...change,
});

const series: KpiSeries = {
  simbolCoinType: '€',
  days: [
    { date: '2026-11-01', previousDate: '2026-10-02', billing: 120, previousBilling: 80, drivers: 9, previousDrivers: 4, tickets: 3, ticketAverage: 40 },
    { date: '2026-11-02', previousDate: '2026-10-03', billing: 60.5, previousBilling: 90, drivers: 5, previousDrivers: 7, tickets: 2, ticketAverage: 30.25 },
  ],
};

/**
 * A series as the server answers it for a query: one day per day of the period (to its end), billing
 * 0, 1000, 0, 0, 5000, 0… and the same day of October before, none for a day October lacks (here the
 * 29th is made to lack one, to show how that reads).
 */
function seriesOf(query: Record<string, string>): KpiSeries {
  const days: KpiSeries['days'] = [];
  const pattern = [0, 1000, 0, 0, 5000, 0];
  for (let d = new Date(query.start); d <= new Date(query.end); d.setUTCDate(d.getUTCDate() + 1)) {
    const date = d.toISOString().slice(0, 10);
    const k = days.length;
    const previousDate = date === '2026-11-29' ? null : `2026-10-${date.slice(8)}`;
    days.push({ date, previousDate, billing: pattern[k % pattern.length], previousBilling: previousDate ? 100 : 0, drivers: 1, previousDrivers: previousDate ? 1 : 0, tickets: 1, ticketAverage: 10 });
  }
  return { simbolCoinType: '€', days };
}

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/** The KPI API double: records each call and answers fixed figures (or 500 for the paths in `failing`); `seriesOf` answers the series from the call's query. */
function kpiApi(failing: string[] = [], seriesOf?: (query: Record<string, string>) => KpiSeries) {
  const calls: Call[] = [];
  const answer = (path: string, body: Kpi | KpiSeries | Record<string, Kpi>) =>
    failing.includes(path) ? HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 }) : HttpResponse.json(body);
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const call: Call = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams) };
    if (request.method === 'POST') call.body = await request.json();
    calls.push(call);
    return call;
  };
  server.use(
    http.post('/api/kpi/ticket/totalBilling', async ({ request }) => {
      await record(request);
      return answer('/api/kpi/ticket/totalBilling', kpi({ total: 1234.567, average: 41.15, previous: 1100, increment: 12.2333 }));
    }),
    http.get('/api/kpi/ticket', async ({ request }) => {
      await record(request);
      return answer('/api/kpi/ticket', kpi({ total: 31, previous: 40, increment: -22.5 }));
    }),
    http.get('/api/kpi/ticket/average', async ({ request }) => {
      await record(request);
      return answer('/api/kpi/ticket/average', kpi({ total: 39.8234, previous: 39.8234, increment: 0 }));
    }),
    http.get('/api/kpi/member', async ({ request }) => {
      await record(request);
      return answer('/api/kpi/member', kpi({ total: 512 }));
    }),
    http.get('/api/kpi/member/:kind', async ({ request, params }) => {
      await record(request);
      return answer(`/api/kpi/member/${String(params.kind)}`, kpi({ total: params.kind === 'new' ? 12 : 500 }));
    }),
    http.get('/api/kpi/participant', async ({ request }) => {
      const call = await record(request);
      if (call.query.age === 'true') return answer('/api/kpi/participant', kpi({ averageAge: 27.456 }));
      if (call.query.session === 'true') return answer('/api/kpi/participant', kpi({ averageSession: 6.333 }));
      return answer('/api/kpi/participant', kpi({ total: 88, previous: 80, increment: 10 }));
    }),
    http.get('/api/kpi/waitlist', async ({ request }) => {
      await record(request);
      return answer('/api/kpi/waitlist', {
        entries: kpi({ total: 14, previous: 10, increment: 40 }),
        offers: kpi({ total: 6 }),
        taken: kpi({ total: 4 }),
        revenue: kpi({ total: 182.5 }),
      });
    }),
    http.get('/api/kpi/series', async ({ request }) => {
      const call = await record(request);
      return answer('/api/kpi/series', seriesOf ? seriesOf(call.query) : series);
    }),
  );
  return calls;
}

const box = (id: string) => screen.getByTestId(`kpi-${id}`);

/** A test id's text without the isolation marks that keep dates in order in Arabic. */
const plain = (testId: string) => (screen.getByTestId(testId).textContent ?? '').replace(/[\u2068\u2069]/g, '').replace(/\u00a0/g, ' ');

describe('KpiSection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Sunday 29 November 2026, 12:00 in Madrid: only Date is faked, timers run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T11:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks for this month and the boxes show the answers rounded, with symbol, change and colours', async () => {
    const calls = kpiApi();
    renderAdmin(<KpiSection company={company} />);

    await waitFor(() => expect(within(box('billing')).getByText('€1,234.57')).toBeInTheDocument());
    // This month to date, against the same days of October (not the 29 days just before).
    expect(plain('kpi-current')).toContain('Current period: 1 Nov 2026 – 29 Nov 2026');
    expect(plain('kpi-previous')).toContain('Compared with 1 Oct 2026 – 29 Oct 2026');
    expect(within(box('billing')).getByText('Billing this month')).toBeInTheDocument();
    expect(within(box('billing')).getByText('Previous period: €1,100.00')).toBeInTheDocument();
    expect(within(box('billing')).getByText('\u2068+12.23%\u2069 against the previous period')).toBeInTheDocument();
    expect(within(box('billing')).getByText('▲')).toBeInTheDocument();
    expect(within(box('tickets')).getByText('\u2068-22.5%\u2069 against the previous period')).toBeInTheDocument();
    expect(within(box('tickets')).getByText('▼')).toBeInTheDocument();
    expect(within(box('ticketAverage')).getByText('€39.82')).toBeInTheDocument();
    expect(within(box('ticketAverage')).getByText('\u20680%\u2069 against the previous period')).toBeInTheDocument();
    expect(within(box('averagePerDay')).getByText('€41.15')).toBeInTheDocument();
    // One term for the company's members in every language: "Members" in English, as the server and the
    // other six languages say (it read "Partners" here and "members" in Arabic).
    expect(screen.getByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(within(box('partners')).getByText('Total members')).toBeInTheDocument();
    expect(within(box('newPartners')).getByText('New members')).toBeInTheDocument();
    expect(screen.queryByText(/partner/i)).not.toBeInTheDocument();
    expect(within(box('partners')).getByText('512')).toBeInTheDocument();
    expect(within(box('newPartners')).getByText('12')).toBeInTheDocument();
    expect(within(box('oldPartners')).getByText('500')).toBeInTheDocument();
    expect(within(box('drivers')).getByText('88')).toBeInTheDocument();
    // The waiting list's group (issue 27): entries against the previous period, offers, taken and their revenue.
    expect(within(box('waitlistEntries')).getByText('14')).toBeInTheDocument();
    expect(within(box('waitlistTaken')).getByText('4')).toBeInTheDocument();
    // The drivers box names why it differs from the bookings list's total (a driver per session raced, not per booking).
    expect(within(box('drivers')).getByTestId('kpi-drivers-note')).toHaveTextContent(
      'Each driver counts once per session raced (a three-session booking, three times); the bookings list counts each driver once per booking. Cancelled bookings count in neither.',
    );
    expect(within(box('driverAge')).getByText('27.46')).toBeInTheDocument();
    expect(within(box('driversPerSession')).getByText('6.33')).toBeInTheDocument();
    expect(box('billing')).toHaveAttribute('data-colour', 'blue');
    expect(box('newPartners')).toHaveAttribute('data-colour', 'orange');
    expect(box('driverAge')).toHaveAttribute('data-colour', 'green');

    const start = '2026-11-01T00:00:00Z';
    const end = '2026-11-29T00:00:00Z'; // today: the 30th has not happened
    const previous = 'month';
    const calledWith = (path: string) => calls.filter((c) => c.path === path);
    expect(calledWith('/api/kpi/ticket/totalBilling')[0].body).toEqual({ state: 'cerrado', idCompany: 7, dateStart: start, dateEnd: end, previous });
    expect(calledWith('/api/kpi/ticket')[0].query).toEqual({ company: '7', state: 'cerrado', start, end, previous });
    expect(calledWith('/api/kpi/ticket/average')[0].query).toEqual({ company: '7', state: 'cerrado', start, end, previous });
    expect(calledWith('/api/kpi/member')[0].query).toEqual({ company: '7' });
    expect(calledWith('/api/kpi/member/new')[0].query).toEqual({ company: '7', date: start, end, previous });
    expect(calledWith('/api/kpi/member/old')[0].query).toEqual({ company: '7', date: start, end, previous });
    expect(calledWith('/api/kpi/participant').map((c) => c.query).sort((a, b) => Object.keys(a).length - Object.keys(b).length)).toEqual([
      { company: '7', start, end, previous },
      { company: '7', start, end, previous, age: 'true' },
      { company: '7', start, end, previous, session: 'true' },
    ]);
    await waitFor(() => expect(calledWith('/api/kpi/series')[0]?.query).toEqual({ company: '7', start, end, previous }));
  });

  it.each([
    ['Today', '2026-11-29T00:00:00Z', '2026-11-29T00:00:00Z', 'Billing today', '28 Nov 2026 – 28 Nov 2026', 'before'],
    ['Week', '2026-11-23T00:00:00Z', '2026-11-29T00:00:00Z', 'Billing this week', '16 Nov 2026 – 22 Nov 2026', 'week'],
    ['Year', '2026-01-01T00:00:00Z', '2026-11-29T00:00:00Z', 'Billing this year', '1 Jan 2025 – 29 Nov 2025', 'year'],
  ])('reloads for %s with its days to date', async (label, start, end, title, previous, compare) => {
    const calls = kpiApi();
    const user = userEvent.setup();
    renderAdmin(<KpiSection company={company} />);
    await screen.findByText('Billing this month');

    await user.click(screen.getByRole('radio', { name: label }));
    await screen.findByText(title);
    expect(plain('kpi-previous')).toContain(`Compared with ${previous}`);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/kpi/ticket/totalBilling').at(-1)?.body).toEqual({
        state: 'cerrado',
        idCompany: 7,
        dateStart: start,
        dateEnd: end,
        previous: compare,
      }),
    );
    expect(calls.filter((c) => c.path === '/api/kpi/participant' && c.query.start === start && c.query.end === end)).toHaveLength(3);
  });

  it('takes a custom range and reloads for it', async () => {
    const calls = kpiApi();
    const user = userEvent.setup();
    renderAdmin(<KpiSection company={company} />);
    await screen.findByText('Billing this month');
    await user.click(screen.getByRole('radio', { name: 'Custom range' }));

    const from = screen.getByLabelText('Start date');
    expect(from).toHaveValue('1\u00a0Nov\u00a02026'); // the range starts as the month shown before
    await user.clear(from);
    await user.type(from, '2026-11-10');
    await user.tab();
    const to = screen.getByLabelText('End date');
    await user.clear(to);
    await user.type(to, '2026-11-16');
    await user.tab();

    await waitFor(() => expect(plain('kpi-current')).toContain('Current period: 10 Nov 2026 – 16 Nov 2026'));
    expect(plain('kpi-previous')).toContain('Compared with 3 Nov 2026 – 9 Nov 2026');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/kpi/series' && c.query.start === '2026-11-10T00:00:00Z' && c.query.end === '2026-11-16T00:00:00Z')).toBe(true),
    );
  });

  it('draws the charts from the series, with names and a table of the figures', async () => {
    // jsdom lays nothing out: the charts' containers measure 560 × 260 as in a browser (the rest 0 × 0).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const sized = this.classList.contains('recharts-responsive-container');
      return DOMRect.fromRect(sized ? { width: 560, height: 260 } : { width: 0, height: 0 });
    });
    kpiApi();
    const { container } = renderAdmin(<KpiSection company={company} />);
    const billing = await screen.findByRole('figure', { name: 'Daily billing, this period against the previous one' });
    expect(screen.getByRole('figure', { name: 'Drivers per day' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Average ticket per day' })).toBeInTheDocument();

    const table = within(billing).getByRole('table', { name: 'Daily billing, this period against the previous one' });
    const row = within(table).getByRole('row', { name: /^2\sNov\s2026/ });
    expect(row).toHaveTextContent('€60.50');
    expect(row).toHaveTextContent('3 Oct 2026');
    expect(row).toHaveTextContent('€90.00');

    await waitFor(() => expect(container.querySelectorAll('.recharts-line').length).toBe(3));
    expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBe(4);
    expect(within(billing).getAllByText('1 Nov 2026').length).toBeGreaterThan(0); // the axis tick and the table
    expect(container.querySelectorAll('.recharts-legend-item').length).toBe(5);
  });

  it('draws and lists the days up to today only, and a previous day the previous period lacks as none', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const sized = this.classList.contains('recharts-responsive-container');
      return DOMRect.fromRect(sized ? { width: 560, height: 260 } : { width: 0, height: 0 });
    });
    const calls = kpiApi([], seriesOf);
    renderAdmin(<KpiSection company={company} />);
    const billing = await screen.findByRole('figure', { name: 'Daily billing, this period against the previous one' });
    const table = within(billing).getByRole('table', { name: 'Daily billing, this period against the previous one' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 29)); // the heading and 1–29 November
    const rows = within(table).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent(/^29\sNov\s2026/);
    expect(within(table).queryByRole('row', { name: /^30\sNov\s2026/ })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/kpi/series')?.query.end).toBe('2026-11-29T00:00:00Z');
    // A day without a previous one shows no previous figure rather than €0.00.
    expect(within(table).getByRole('row', { name: /^29\sNov\s2026/ })).toHaveTextContent('—');
  });

  it('smooths the billing line without leaving the range of its figures', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const sized = this.classList.contains('recharts-responsive-container');
      return DOMRect.fromRect(sized ? { width: 560, height: 260 } : { width: 0, height: 0 });
    });
    kpiApi([], seriesOf);
    const { container } = renderAdmin(<KpiSection company={company} />);
    const billing = await screen.findByRole('figure', { name: 'Daily billing, this period against the previous one' });
    await waitFor(() => expect(billing.querySelectorAll('.recharts-line-curve').length).toBe(2));
    // The first day's billing is €0: the path starts on the €0 line; no point or control point of the
    // curve may lie below it (a larger y), as a natural spline between 0, 1000, 0, 0, 5000 would.
    const path = billing.querySelector('.recharts-line-curve')!.getAttribute('d')!;
    const numbers = (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    expect(ys.length).toBeGreaterThan(20);
    const zero = ys[0];
    expect(Math.max(...ys)).toBeLessThanOrEqual(zero + 0.01);
    expect(container.querySelectorAll('.recharts-line').length).toBe(3);
  });

  it('speaks Arabic, right to left', async () => {
    kpiApi();
    await i18n.changeLanguage('ar');
    renderAdmin(<KpiSection company={company} />);
    expect(await screen.findByRole('heading', { name: 'مؤشرات الأداء' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'الأسبوع' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(await screen.findByText('إيرادات هذا الشهر')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'السائقون يوميًا' })).toBeInTheDocument();
  });

  it('shows the error toast when a KPI call fails and stops loading', async () => {
    kpiApi(['/api/kpi/participant']);
    renderAdmin(<KpiSection company={company} />);
    expect(await screen.findByText('The KPIs could not be loaded. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading KPIs…')).not.toBeInTheDocument());
    expect(screen.queryByTestId('kpi-billing')).not.toBeInTheDocument();
  });
});
